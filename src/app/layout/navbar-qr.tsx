// The navbar's QR entry (navbar option showEr, spec shell §3): an icon that reveals the tenant's QR
// code (the footer's qrCodeImg, else the site option footer.qrCodeImg) on hover or keyboard focus.
import { QrcodeOutlined } from './shell-icons';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../stores/app-store';

/** The QR entry, or nothing when the option is off or the tenant has no QR image. */
export function NavbarQr({ color }: { color: string | undefined }) {
  const { t } = useTranslation();
  const show = useAppStore((s) => s.navbarOptions.showEr === true);
  const img = useAppStore((s) => s.footer.qrCodeImg ?? s.options.footer?.qrCodeImg ?? null);
  const tip = useAppStore((s) => s.footer.qrCodeImgTip ?? s.options.footer?.qrCodeImgTip ?? '');
  if (!show || !img) return null;
  return (
    <span className="portal-navbar__qr" data-testid="navbar-qr" style={{ color }}>
      <button type="button" className="portal-navbar__qr-button" aria-label={tip || t('nav.qr')} aria-describedby="navbar-qr-pop">
        <QrcodeOutlined />
      </button>
      <span id="navbar-qr-pop" role="tooltip" className="portal-navbar__qr-pop">
        <img src={img} alt={tip} width={120} height={120} />
        {tip ? <span>{tip}</span> : null}
      </span>
    </span>
  );
}
