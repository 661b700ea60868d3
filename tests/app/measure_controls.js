// Every control a finger can hit, with its size in CSS px: [{what, w, h}], smallest first.
// A control's target is its own box, or the box of the <label> or select that wraps it (checkbox, toggle, radio are
// drawn by their label). Invisible controls (display:none, zero size, visibility:hidden, off-page) are skipped.
const selector = 'button, a[href], input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab], '
  + '[role=switch], [role=checkbox], [role=radio], [role=option], [tabindex]:not([tabindex="-1"])';
const seen = new Set();
const out = [];
for (const el of document.querySelectorAll(selector)) {
  // a select's text input sits inside the box that opens it: the box is the target
  const combo = el.closest('.react-aria-ComboBox');
  const target = el.closest('label') || (combo && combo.firstElementChild) || el;
  // the content of a collapsed expander cannot be touched until it is opened (then it is measured)
  const closed = el.closest('details:not([open])');
  if (closed && !el.closest('summary')) continue;
  if (seen.has(target)) continue;
  seen.add(target);
  const style = getComputedStyle(el);
  const r = target.getBoundingClientRect();
  if (r.width === 0 || r.height === 0 || style.visibility === 'hidden' || style.display === 'none') continue;
  if (el.type === 'file') continue;  // drawn by its "Browse files" button, measured as a button
  if (el.closest('[aria-hidden="true"]')) continue;
  // Streamlit renders some buttons twice, the copy out of view for measuring text width
  if (getComputedStyle(target.parentElement || target).visibility === 'hidden') continue;
  const text = (target.getAttribute('aria-label') || target.innerText || target.getAttribute('data-testid') || el.tagName)
    .trim().replace(/\s+/g, ' ').slice(0, 40);
  const keyed = (target.closest('[class*="st-key-"]') || {}).className || '';
  const key = (String(keyed).match(/st-key-([\w-]+)/) || [])[1] || '';
  out.push({what: `${el.tagName.toLowerCase()} ${key} "${text}"`, w: Math.round(r.width), h: Math.round(r.height)});
}
out.sort((a, b) => Math.min(a.w, a.h) - Math.min(b.w, b.h));
return out;
