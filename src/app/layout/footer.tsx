// The footer (spec shell §2 "Footer"): style 0 is a statement with optional QR images, style 1
// link columns with copyright, organisation, record number, external link and phone.
import { useTranslation } from 'react-i18next';
import type { LinkItem } from '../../../schemas/link';
import type { FooterSettings, SiteOptions } from '../../../schemas/tenant-settings';
import { contentWidth } from '../../lib/settings';
import { paintedColors } from '../../lib/theme-colors';
import { ShellLink as RuntimeLink } from './shell-link';
import { useAppStore } from '../../stores/app-store';
import { useColorStyle } from '../../stores/preferences-store';
import { useLinkContext } from './use-open-link';

/** Props of the footer: its settings, the site options (QR fallback, width) and the colour style. */
export interface FooterViewProps {
  footer: FooterSettings;
  siteOptions: SiteOptions;
  /** The style painted (light by default): the dark one keeps only dark tenant backgrounds. */
  colorStyle?: 'light' | 'dark';
}

function QrImage({ src, tip }: { src: string; tip: string | undefined }) {
  return (
    <figure className="portal-footer__qr">
      <img src={src} alt={tip ?? ''} width={96} height={96} />
      {tip ? <figcaption>{tip}</figcaption> : null}
    </figure>
  );
}

function StatementFooter({ footer, siteOptions }: FooterViewProps) {
  const qrCodeImg = footer.qrCodeImg ?? siteOptions.footer?.qrCodeImg;
  const qrCodeImgTip = footer.qrCodeImgTip ?? siteOptions.footer?.qrCodeImgTip;
  // Without a qrCodeStyle the QR shows whenever there is one to show.
  const showQr = (footer.qrCodeStyle?.showQrCode ?? true) && Boolean(qrCodeImg);
  const custom = footer.qrCodeStyle?.showCustom ? footer.qrCodeStyle.customImg : undefined;
  return (
    <div className="portal-footer__statement-row">
      {footer.statement ? <p className="portal-footer__statement">{footer.statement}</p> : null}
      {showQr || custom ? (
        <div className="portal-footer__qrs">
          {showQr && qrCodeImg ? <QrImage src={qrCodeImg} tip={qrCodeImgTip} /> : null}
          {custom ? <QrImage src={custom} tip={footer.qrCodeStyle?.customImgTip} /> : null}
        </div>
      ) : null}
    </div>
  );
}

function ColumnsFooter({ footer }: FooterViewProps) {
  const { t } = useTranslation();
  const ctx = useLinkContext();
  const external = (raw: string): LinkItem => ({ linkType: 'url', linkUrl: raw });
  return (
    <>
      {footer.columns?.length ? (
        <div className="portal-footer__columns">
          {footer.columns.map((column, index) => (
            <section key={`${column.title}-${index}`} className="portal-footer__column">
              <h4>{column.title}</h4>
              <ul>
                {column.links.map((item, linkIndex) => (
                  <li key={`${item.title}-${linkIndex}`}>
                    <RuntimeLink link={item.link} ctx={ctx}>
                      {item.title}
                    </RuntimeLink>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      ) : null}
      <div className="portal-footer__meta">
        {footer.copyright ? <span>{footer.copyright}</span> : null}
        {footer.orgName ? <span>{footer.orgName}</span> : null}
        {footer.recordNumber ? (
          footer.recordLink ? (
            <RuntimeLink link={external(footer.recordLink)} ctx={ctx}>
              {footer.recordNumber}
            </RuntimeLink>
          ) : (
            <span>{footer.recordNumber}</span>
          )
        ) : null}
        {footer.externalLink ? (
          <RuntimeLink link={external(footer.externalLink)} ctx={ctx}>
            {footer.externalLinkText ?? footer.externalLink}
          </RuntimeLink>
        ) : null}
        {footer.telephoneNumber ? (
          <span>
            {t('footer.phone')}
            <a href={`tel:${footer.telephoneNumber.replace(/[^\d+]/g, '')}`}>{footer.telephoneNumber}</a>
          </span>
        ) : null}
      </div>
    </>
  );
}

/** The footer for given settings; exported apart from the store so it can be rendered in tests. */
export function FooterView({ footer, siteOptions, colorStyle = 'light' }: FooterViewProps) {
  const style = footer.footStyle === 1 ? 1 : 0;
  // Issue 13 point 7: the footer follows the dark style (a light tenant background gives way).
  const colors = paintedColors(footer.backgroundColor, footer.fontColor, colorStyle);
  return (
    <footer
      data-testid="footer"
      data-foot-style={String(style)}
      className="portal-footer"
      style={{ background: colors.background ?? (colorStyle === 'dark' ? 'var(--portal-surface)' : undefined), color: colors.color }}
    >
      <div className="portal-footer__inner" style={{ maxWidth: contentWidth(siteOptions) + 48 }}>
        {style === 1 ? <ColumnsFooter footer={footer} siteOptions={siteOptions} /> : <StatementFooter footer={footer} siteOptions={siteOptions} />}
      </div>
    </footer>
  );
}

/** The tenant's footer from the app store. */
export function Footer() {
  const footer = useAppStore((s) => s.footer);
  const siteOptions = useAppStore((s) => s.options);
  const colorStyle = useColorStyle();
  return <FooterView footer={footer} siteOptions={siteOptions} colorStyle={colorStyle} />;
}
