// The URL Vite gives axe-core's browser build (a `?url` import: the file is copied as it is,
// loaded only when asked; axe-check.tsx runs it inside the preview's own document).
declare module 'axe-core/axe.min.js?url' {
  const url: string;
  export default url;
}
