// The back-office's question bank and exam builder (issue 18 "Teachers": /sub_admin/...).
import type { PageRoute } from './page-route-kit';

export const bankPageRoutes: PageRoute[] = [
];
