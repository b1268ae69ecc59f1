import { simpleRichText } from './rich-text-elements';
import { createContext, useContext, useEffect, useMemo, useState, type CSSProperties, type MouseEvent, type ReactNode } from 'react';

/** Opens the image viewer (spec shell §2) on all images of a rich text block, starting at the clicked one. */
function viewImages(event: MouseEvent<HTMLElement>): void {
  const target = event.target instanceof Element ? event.target.closest('img') : null;
  // An image inside a link is the tenant's link: the link wins.
  if (!target || target.closest('a[href]')) return;
  const images = Array.from(event.currentTarget.querySelectorAll('img'))
    .map((img) => ({ element: img, src: img.currentSrc || img.getAttribute('src') || '', alt: img.getAttribute('alt') ?? '' }))
    .filter((image) => image.src !== '');
  const index = images.findIndex((image) => image.element === target);
  if (index < 0) return;
  // The viewer loads on first use so the home route's bundle does not carry it.
  void import('../components/image-viewer')
    .then(({ openImageViewer }) => openImageViewer(images.map(({ src, alt }) => ({ src, alt })), index))
    .catch((error: unknown) => console.error('Loading the image viewer failed; the image stays as it is.', error));
}

type Sanitiser = (html: string | null | undefined) => string;
let sanitiser: Sanitiser | undefined;
let loading: Promise<Sanitiser> | undefined;

/** Loads the sanitiser (DOMPurify) once; the home's first JS does not carry it (issue 15 point 2). */
export function loadRichTextSanitiser(): Promise<Sanitiser> {
  loading ??= import('./rich-text').then((module) => (sanitiser = module.sanitizeRichText));
  return loading;
}

/**
 * True inside a page whose template the server sanitised under the current rich-text policy
 * (PageRenderer provides it; schemas/rich-text-policy.ts). Only the rich-text widget reads it, for
 * its html prop, which comes from that template; rich text from API data is always sanitised here.
 */
export const SanitisedTemplateContext = createContext(false);

/** Whether the current page's template rich text is already sanitised (see SanitisedTemplateContext). */
export function useSanitisedTemplate(): boolean {
  return useContext(SanitisedTemplateContext);
}

/**
 * Shows tenant rich text. The one place the runtime sets inner HTML, and always sanitised (DESIGN
 * "No eval": settings are data, never code): here, with the sanitiser loaded on first need (the
 * block is empty and busy until it has arrived), unless `presanitised` says the server already did
 * it under the current policy. Clicking an image opens it, with the block's other images, in the
 * image viewer.
 */
export function RichText(props: RichTextViewProps) {
  return props.presanitised ? presanitisedRichText(props) : <SanitisingRichText {...props} />;
}

/** Text the server already sanitised: no state, no effect, no sanitiser (a plain call, not a component). */
function presanitisedRichText(props: RichTextViewProps) {
  const safe = props.html ?? '';
  return richTextElement(props, safe, safe ? simpleRichText(safe) : null, false);
}

/**
 * The text's one element: simple text as elements, the rest through the browser's parser
 * (./rich-text-elements.ts); the key remounts the element when an edit moves the text from one way
 * to the other.
 */
function richTextElement({ className, as: Tag = 'div', label, style }: RichTextViewProps, safe: string, simple: ReactNode[] | null, busy: boolean) {
  const common = {
    className: className ? `rt-rich-text ${className}` : 'rt-rich-text', 'aria-label': label, 'aria-busy': busy || undefined, style, onClick: viewImages,
  };
  return simple ? <Tag key="elements" {...common}>{simple}</Tag> : <Tag key="html" {...common} dangerouslySetInnerHTML={{ __html: safe }} />;
}

interface RichTextViewProps {
  html: string | null | undefined;
  className?: string;
  /** Only for a template's html that the server stamped with the current policy (useSanitisedTemplate). */
  presanitised?: boolean;
  /** section: the text is a named region (label); one element instead of a wrapper around a div. */
  as?: 'div' | 'section';
  label?: string;
  style?: CSSProperties;
}

/** Text sanitised here, once DOMPurify has loaded (RichText sends server-sanitised text elsewhere). */
function SanitisingRichText(props: RichTextViewProps) {
  const { html } = props;
  const [sanitise, setSanitise] = useState<Sanitiser | undefined>(() => sanitiser);
  const waiting = !sanitise && !!html;
  useEffect(() => {
    if (!waiting) return undefined;
    let live = true;
    loadRichTextSanitiser().then(
      (loaded) => live && setSanitise(() => loaded),
      (error: unknown) => console.error('Loading the rich text sanitiser failed; the text stays hidden.', error),
    );
    return () => {
      live = false;
    };
  }, [waiting]);
  const safe = useMemo(() => (sanitise ? sanitise(html) : ''), [html, sanitise]);
  const simple = useMemo(() => (safe ? simpleRichText(safe) : null), [safe]);
  return richTextElement(props, safe, simple, waiting);
}
