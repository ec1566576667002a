// The reference's own page and its initializer script: Swagger UI over both specs, the default person's
// read-write token filled in for "Try it", and a content security policy that lets the page reach nothing but
// this server.

/** The names in the page's definition dropdown, the API first (it opens on the first). */
export const API_DEFINITION = 'API (/api/v2)';
export const CONTROL_DEFINITION = 'Controls (/__mock)';

/**
 * Scripts and styles from this server only (Swagger UI sets inline styles, hence 'unsafe-inline' for styles
 * alone), images also as data: and blob: URLs (its icons, a response's image), fetches to this server only:
 * whatever Swagger UI might want from elsewhere, the browser refuses it.
 */
export const REFERENCE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

/**
 * The page: swagger-ui-dist's files and the initializer, all under `base` (where the reference is mounted),
 * and the token in a data attribute.
 * @example referencePage('/docs', 'rw_…') // '<!doctype html>…'
 */
export function referencePage(base: string, token: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>standin: API reference</title>
    <link rel="stylesheet" href="${base}/swagger-ui.css">
    <link rel="stylesheet" href="${base}/index.css">
    <link rel="icon" type="image/png" href="${base}/favicon-32x32.png" sizes="32x32">
    <link rel="icon" type="image/png" href="${base}/favicon-16x16.png" sizes="16x16">
  </head>
  <body>
    <div id="swagger-ui" data-token="${escapeAttribute(token)}"></div>
    <script src="${base}/swagger-ui-bundle.js"></script>
    <script src="${base}/swagger-ui-standalone-preset.js"></script>
    <script src="${base}/init.js"></script>
  </body>
</html>
`;
}

/**
 * Swagger UI's initializer, a file because the policy allows no inline script. The validator badge is off
 * (it would ask validator.swagger.io about the spec); operation ids are shown, as the rules and the kit name
 * operations by them. Authorizing once the spec has loaded fills bearerAuth in Swagger UI's Authorize dialog;
 * the controls' controlToken scheme is left for the user to fill.
 */
export function referenceInitializer(base: string): string {
  return `// standin's Swagger UI initializer (served at ${base}/init.js).
window.addEventListener('load', function () {
  var root = document.getElementById('swagger-ui');
  var token = root.getAttribute('data-token');
  var ui = SwaggerUIBundle({
    urls: [
      { url: '${base}/openapi.json', name: ${JSON.stringify(API_DEFINITION)} },
      { url: '${base}/control.json', name: ${JSON.stringify(CONTROL_DEFINITION)} },
    ],
    'urls.primaryName': ${JSON.stringify(API_DEFINITION)},
    dom_id: '#swagger-ui',
    deepLinking: true,
    displayOperationId: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    plugins: [SwaggerUIBundle.plugins.DownloadUrl],
    layout: 'StandaloneLayout',
    onComplete: function () {
      if (token) ui.preauthorizeApiKey('bearerAuth', token);
    },
  });
  window.ui = ui;
});
`;
}

function escapeAttribute(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
