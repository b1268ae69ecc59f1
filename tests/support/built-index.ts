// The index.html of a build, as the server tests' stand-in dist/ holds it: the default tenant's
// placeholder (server/plugins/spa.ts fills it) and the entry module Vite writes into the head.
export const BUILT_INDEX_HTML = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta name="portal-default-tenant" content="%PORTAL_DEFAULT_TENANT%" />
    <script type="module" crossorigin src="/study/assets/index.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;
