// Issue 19 part E: credentials: my certificates, one certificate's page and the public verification.
import { withTheme, type PageRoute } from './page-route-kit';

export const credentialsPageRoutes: PageRoute[] = [
  { path: 'user/center/study/myCredentials', name: 'myCredentials', meta: { title: 'route.myCredentials', auth: true }, load: () => withTheme(() => import('../features/center/routes/my-credentials-page')) },
  { path: 'archives/certificatesDetail', name: 'certificatesDetail', meta: { title: 'route.certificatesDetail', auth: true }, load: () => withTheme(() => import('../features/credentials/routes/certificate-detail-page')) },
  // Ours (docs/growth.md "Credentials"): whoever holds a certificate's link or QR code checks it
  // without an account, so it is always open (access.ts) and never tries a default sign-in.
  { path: 'credential/verify', name: 'credentialVerify', meta: { title: 'route.credentialVerify', authDefault: 2 }, load: () => withTheme(() => import('../features/credentials/routes/credential-verify-page')) },
];
