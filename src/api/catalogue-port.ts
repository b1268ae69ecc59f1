// The error catalogue's UI port (src/api/error-catalogue.ts): how its alerts and redirects reach
// the screen. The app installs it at start (src/app/catalogue-ui.tsx); the catalogue itself comes
// with the transport on the first call (src/api/client.ts), so this small module is all the entry
// carries of it.

/** An alert as the UI port must show it. */
export interface AlertRequest {
  title: string;
  message: string;
  okText: string;
  /** false: no close button, no mask or Escape close; only the OK button ends it. */
  closable: boolean;
  onOk?: () => void;
  /** Called once the alert is gone, however it was closed. */
  afterClose: () => void;
}

/** How the catalogue reaches the screen; installed by the app (src/app/catalogue-ui.ts). */
export interface CatalogueUi {
  alert(request: AlertRequest): void;
  /** Navigates inside the app; `to` is relative to /study. */
  navigate(to: string): void;
  goBack(): void;
  /** The current in-app path with its query, relative to /study. */
  currentPath(): string;
  /** Tells the app the user was signed out (flag 401), so the shell stops showing them. */
  signedOut?(): void;
}

let ui: CatalogueUi | null = null;

/** Installs how alerts and navigation reach the screen; the app calls this once at start. */
export function setCatalogueUi(next: CatalogueUi | null): void {
  ui = next;
}

/** The port installed now, if any. */
export function catalogueUi(): CatalogueUi | null {
  return ui;
}
