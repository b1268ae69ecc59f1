// The navbar's language and display control (spec shell §1: Chinese by default, English available;
// §3 "Theme": light and dark, font size small 14 / medium 18 / large 22). Plain elements, no antd:
// it is on every route's first paint, including the antd-free home route (docs/decisions.md
// "Home-route bundle"). A disclosure button opens a small panel of three native radio groups, so
// arrow keys, labels and screen-reader roles come from the browser.
import { GlobalOutlined } from './shell-icons';
import { useEffect, useId, useRef, useState, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { setLanguage, type Language } from '../../i18n/i18n';
import { FONT_SIZES, useColorStyle, usePreferencesStore, type FontSizePreference } from '../../stores/preferences-store';
import './preferences-menu.css';

interface Option<T extends string> {
  value: T;
  label: string;
  /** The option's own language, when its label is not in the page's (中文 / English). */
  lang?: string;
  title?: string;
}

/** One labelled group of radio buttons drawn as a segmented control. */
function ChoiceGroup<T extends string>(props: {
  name: string;
  legend: string;
  options: readonly Option<T>[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="portal-prefs__group">
      <legend className="portal-prefs__legend">{props.legend}</legend>
      <div className="portal-prefs__options">
        {props.options.map((option) => (
          <label key={option.value} className="portal-prefs__option" title={option.title}>
            <input
              type="radio"
              name={props.name}
              value={option.value}
              checked={props.value === option.value}
              onChange={() => props.onChange(option.value)}
            />
            <span lang={option.lang}>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

const FONT_SIZE_KEYS = ['small', 'medium', 'large'] as const satisfies readonly FontSizePreference[];

/** Props: `color` is the navbar's text colour (navbar options), as the other navbar actions take. */
export interface PreferencesMenuProps {
  color?: string;
}

/** The globe button and its panel: language, light/dark theme and font size, each remembered. */
export function PreferencesMenu({ color }: PreferencesMenuProps) {
  const { t, i18n: active } = useTranslation();
  const id = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [languageFailed, setLanguageFailed] = useState(false);
  const colorStyle = useColorStyle();
  const fontSize = usePreferencesStore((s) => s.fontSize);
  const setTheme = usePreferencesStore((s) => s.setTheme);
  const setFontSize = usePreferencesStore((s) => s.setFontSize);
  const language: Language = active.language === 'en' ? 'en' : 'zh';

  // Open: a press outside closes it; Escape closes it and gives focus back to the button.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: MouseEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  // Tabbing out of the control closes it (focus moving inside, or to nowhere on a click, does not).
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && !event.currentTarget.contains(next)) setOpen(false);
  };

  const chooseLanguage = (next: Language) => {
    setLanguageFailed(false);
    setLanguage(next).catch((error: unknown) => {
      console.error(`Switching the language to "${next}" failed; the portal stays in the current language. Check the network and choose it again.`, error);
      setLanguageFailed(true);
    });
  };

  const panelId = `${id}-panel`;
  return (
    <div ref={wrapper} className="portal-prefs" onBlur={onBlur}>
      <button
        ref={button}
        type="button"
        className="portal-prefs__trigger"
        data-testid="preferences-menu"
        aria-label={t('prefs.menu')}
        title={t('prefs.menu')}
        aria-expanded={open}
        aria-controls={panelId}
        style={{ color }}
        onClick={() => setOpen((was) => !was)}
      >
        <GlobalOutlined />
      </button>
      <div id={panelId} className="portal-prefs__panel" role="group" aria-label={t('prefs.menu')} hidden={!open} data-testid="preferences-panel">
        <ChoiceGroup<Language>
          name={`${id}-language`}
          legend={t('prefs.language')}
          value={language}
          onChange={chooseLanguage}
          options={[
            { value: 'zh', label: '中文', lang: 'zh-CN' },
            { value: 'en', label: 'English', lang: 'en' },
          ]}
        />
        {languageFailed ? (
          <p className="portal-prefs__error" role="alert">
            {t('prefs.languageFailed')}
          </p>
        ) : null}
        <ChoiceGroup<'light' | 'dark'>
          name={`${id}-theme`}
          legend={t('prefs.theme')}
          value={colorStyle}
          onChange={setTheme}
          options={[
            { value: 'light', label: t('prefs.light') },
            { value: 'dark', label: t('prefs.dark') },
          ]}
        />
        <ChoiceGroup<FontSizePreference>
          name={`${id}-font-size`}
          legend={t('prefs.fontSize')}
          value={fontSize}
          onChange={setFontSize}
          options={FONT_SIZE_KEYS.map((key) => ({ value: key, label: t(`prefs.${key}`), title: `${FONT_SIZES[key]}px` }))}
        />
      </div>
    </div>
  );
}
