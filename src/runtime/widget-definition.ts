import type { ComponentType, ReactNode } from 'react';
import type { Audience } from '../../schemas/page-template';
import type { WidgetContract } from '../../schemas/widgets/contract';

/** A content id as blocks and conditions carry it. */
export type ContentRef = string | number;

/**
 * What block conditions may know about the viewer (DESIGN "typed learning conditions"). Plain data
 * the shell fills in; the designer's "preview as" swaps it for a persona.
 */
export interface ViewerFacts {
  /** guest (not signed in), learner (signed in) or teacher (signed in with teacher work). */
  audience: Audience;
  /** Ids the viewer is enrolled in, by kind; a condition on an unknown kind is false. */
  enrolled?: { course?: readonly ContentRef[]; subject?: readonly ContentRef[]; classes?: readonly ContentRef[] };
  /** Courses the viewer has finished. */
  finishedCourses?: readonly ContentRef[];
  /** Exams whose window is open for the viewer now. */
  openExams?: readonly ContentRef[];
  /** Items in the cart; absent means unknown, which fails either cartNotEmpty condition. */
  cartCount?: number;
}

/** What the runtime knows about where it renders; passed to data declarations and links. */
export interface RuntimeContext {
  /** The tenant every query key is scoped to (spec shell §1: every call carries it). */
  tenantId: number;
  /** The viewer facts block conditions are evaluated against. */
  viewer: ViewerFacts;
  /** The store (home-page set) being shown, if any. */
  storeId?: number;
  /** spec shell §3 site options: say "school" rather than "merchant" in provider messages. */
  makeForSchool?: boolean;
  /** Language of runtime-made messages; zh by default (spec shell §1). */
  locale?: 'zh' | 'en';
  /** Resolves the curly-brace placeholders of an external link (spec shell §2) to a final address. */
  resolvePlaceholders?: (href: string) => Promise<string>;
}

/**
 * A widget's data need: a cache key (scoped to the tenant by the runtime) and a fetcher. Blocks
 * with equal keys share one request.
 */
export interface DataDeclaration<T = unknown> {
  /** Identifies the request; the runtime prefixes ['tenant', tenantId]. Must be JSON-like. */
  key: readonly unknown[];
  /** Performs the request; honour the signal so abandoned pages cancel their calls. */
  fetch: (signal: AbortSignal) => Promise<T>;
  /** How long a result stays fresh, in ms (default 60 000). */
  staleTime?: number;
  /**
   * The answer already in hand, if any (the HTML's answer for a guest's home: src/lib/bootstrap.ts),
   * read when the query is first made, so the block's first render has its data.
   */
  initial?: () => { data: T } | undefined;
}

/** A widget's data as its component receives it. */
export interface WidgetData<T = unknown> {
  /** idle: the widget declares no data for these props; pending, success or error otherwise. */
  status: 'idle' | 'pending' | 'success' | 'error';
  /** The result once status is success. */
  data: T | undefined;
  /** The failure once status is error. */
  error: Error | null;
  /** Fetches again (a retry button). */
  refetch: () => void;
}

// The pure part of a widget (its contract) lives in schemas/widgets/ so the server's template check
// reads the same schemas and migrations; these names stay exported from here unchanged.
export type { WidgetMigration, WidgetMigrations, WidgetPlacement } from '../../schemas/widgets/contract';

/** The identity of the block a component renders. */
export interface BlockIdentity {
  /** The block's id, unique inside the page. */
  id: string;
  /** The widget type. */
  type: string;
  /** Where the block sits, e.g. blocks[0].slots.left[1]. */
  path: string;
}

/** What the runtime passes to a widget component. */
export interface WidgetProps<P = Record<string, unknown>, D = unknown> {
  /** The block's props: migrated, validated and with defaults filled. */
  props: P;
  /** Which block this is. */
  block: BlockIdentity;
  /** The runtime context (tenant, viewer, wording options). */
  ctx: RuntimeContext;
  /** The result of the widget's data declaration (status idle when it declares none). */
  data: WidgetData<D>;
  /** production for learners; preview in the designer. */
  mode: RenderMode;
  /** Renders the child blocks of one of the widget's slots (container widgets). */
  renderSlot: (name: string) => ReactNode;
}

/** How the renderer treats broken blocks: production skips them, preview shows a placeholder. */
export type RenderMode = 'production' | 'preview';

/**
 * A widget as the registry knows it (the model is tldraw's ShapeUtil and Puck's component config).
 * One folder per widget: widgets/<type>/index.ts exports one of these, built from the widget's
 * contract in schemas/widgets/<type>.ts (docs/widgets.md).
 */
export interface WidgetDefinition<P = Record<string, unknown>, D = unknown> extends WidgetContract<P> {
  // type, version, propsSchema, defaultProps, migrations, slots, placement: the contract
  // (schemas/widgets/contract.ts), spread in from schemas/widgets/<type>.ts.
  /** Loads the component lazily, so the page bundle carries only the widgets it uses. */
  load: () => Promise<{ default: ComponentType<WidgetProps<NoInfer<P>, NoInfer<D>>> }>;
  /** Declares the data the block needs for these props, or undefined for none. */
  data?: (props: P, ctx: RuntimeContext) => DataDeclaration<D> | undefined;
  /** Typical rendered height in px at desktop width (a number, or from the props): sizes the placeholder of a block mounted later (docs/widgets.md "Deferred rendering"). */
  estimatedHeight?: number | ((props: P) => number);
}

/**
 * Editor-only facts about a widget, exported from widgets/<type>/meta.ts. The page designer
 * imports them; the learner bundle never does (this is a type only, so it costs nothing here).
 */
export interface WidgetEditorMeta {
  /** The widget type this describes. */
  type: string;
  /** Name in the designer's widget list, per language. */
  label: { zh: string; en: string };
  /** One sentence on what the widget shows, per language. */
  description?: { zh: string; en: string };
  /** Icon name from the designer's icon set. */
  icon?: string;
  /** Group in the designer's widget list, e.g. "learning", "shop", "layout". */
  category: string;
  /** Form layout hints for the props form (@rjsf uiSchema); field titles come from the props schema. */
  uiSchema?: Record<string, unknown>;
  /**
   * Field help in the admin's language where it is not English, by field path (`count`, `more`,
   * `items[].title` for a field of an array's items): the props schema's descriptions stay English
   * for integrators, and the property panel shows these instead when the designer speaks that language.
   */
  descriptions?: { zh: Readonly<Record<string, string>> };
  /** Props the designer's thumbnail and "new block" use instead of defaultProps, if any. */
  previewProps?: Record<string, unknown>;
}

/** A definition of any props type, as stored in a registry. */
export type AnyWidgetDefinition = WidgetDefinition<any, any>;

/** Identity helper that checks a definition and infers its props and data types. */
export function defineWidget<P, D = unknown>(definition: WidgetDefinition<P, D>): WidgetDefinition<P, D> {
  return definition;
}
