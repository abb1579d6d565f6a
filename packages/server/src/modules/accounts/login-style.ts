/**
 * The staff sign-in page's stylesheet (login-page.ts): the back office's look (its tokens, header
 * band, cards and buttons, packages/web/src/config/config.css) for the one /config page the server
 * draws itself, so signing in already looks like the place it leads to. Inline with the page's style
 * nonce: the page loads no stylesheet of the storefront's.
 */
export const STAFF_PAGE_CSS = `
:root {
  --paper: #fbf8f3; --cream: #f6f1ea; --line: #e3d9ca; --ink: #23292e; --ink-soft: #4a4f54;
  --brand: #2f4a3a; --brand-deep: #223629; --brand-tint: #e4ebe3; --sale-tint: #f6e4da;
  --focus: #2f6fd6; --radius: 10px; --radius-lg: 18px;
  --shadow: 0 1px 2px rgb(35 41 46 / 6%), 0 8px 24px rgb(35 41 46 / 6%);
  --font-sans: -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif;
  --font-serif: 'Iowan Old Style', 'Palatino Linotype', Palatino, 'Book Antiqua', Georgia, 'Times New Roman', serif;
}
* { box-sizing: border-box; }
[hidden] { display: none !important; }
body { margin: 0; background: var(--paper); color: var(--ink); font: 15px/1.5 var(--font-sans); }
a { color: var(--brand); }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.cfg-header { padding: 0.75rem 1.5rem; background: var(--brand); color: #fff; }
.cfg-header p { margin: 0; font-family: var(--font-serif); font-size: 1.2rem; }
.cfg-login {
  max-width: 28rem; margin: 2.5rem auto; padding: 1.5rem 1.75rem; background: #fff;
  border: 1px solid var(--line); border-radius: var(--radius-lg); box-shadow: var(--shadow);
  overflow-wrap: anywhere;
}
h1, h2 { font-family: var(--font-serif); font-weight: 600; line-height: 1.2; }
h1 { font-size: 1.9rem; margin: 0 0 1rem; }
h2 { font-size: 1.25rem; margin: 1.5rem 0 0.5rem; }
label { display: block; font-weight: 600; font-size: 0.9rem; margin-bottom: 0.2rem; }
label + br { display: none; }
input {
  font: inherit; color: var(--ink); background: #fff; border: 1px solid #8a8f94; border-radius: 8px;
  padding: 0.5rem 0.7rem; width: 100%;
}
button {
  font: inherit; font-weight: 600; padding: 0.55rem 1.2rem; border-radius: 999px;
  border: 1px solid var(--brand); background: var(--brand); color: #fff; cursor: pointer;
}
button:hover { background: var(--brand-deep); }
[data-passkey] { background: #fff; color: var(--brand); }
[data-passkey]:hover { background: var(--brand-tint); }
[role='alert']:not(:empty) {
  color: #8f3f1f; background: var(--sale-tint); padding: 0.5rem 0.75rem; border-radius: var(--radius);
}
[role='status'] {
  color: var(--brand-deep); background: var(--brand-tint); padding: 0.5rem 0.75rem; border-radius: var(--radius);
}
@media (max-width: 720px) {
  .cfg-login { margin: 1rem; padding: 1.25rem 1rem; }
  .cfg-header { padding: 0.75rem 1rem; }
  h1 { font-size: 1.5rem; }
}
`;
