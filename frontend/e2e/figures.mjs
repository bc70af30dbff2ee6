// Run in a page: where each figure with parts (a Bible reference's "3:16-17", "18–24",
// "$12,500"; the site's FIGURE_PATTERN) inside the visible elements matching
// `selector` is drawn. A figure reads as written when each of its characters is drawn
// to the right of the one before (the order the text writes it), whatever the page's
// direction. Shared by the Playwright tests (Chromium) and engines/smoke.mjs
// (Firefox ESR, WebKitGTK), which passes it to the page as source.
/** @returns {{ read: string[], reversed: string[] }} the figures drawn as written, and the others with their characters' x positions. */
export function figuresDrawn(selector, pattern) {
  const read = [];
  const reversed = [];
  for (const el of document.querySelectorAll(selector)) {
    if (!el.getClientRects().length) continue;
    const chars = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    let parent = null;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      // Text of another element (the next option's label) never joins a figure.
      if (parent && node.parentNode !== parent) chars.push(null);
      parent = node.parentNode;
      for (let i = 0; i < node.data.length; i++) chars.push([node, i]);
    }
    const text = chars.map((c) => (c ? c[0].data[c[1]] : '\n')).join('');
    for (const match of text.matchAll(new RegExp(pattern, 'g'))) {
      if (/^[0-9]+$/.test(match[0])) continue;
      const xs = [];
      let drawn = true;
      for (let k = match.index; k < match.index + match[0].length; k++) {
        const [node, i] = chars[k];
        if (/\s/.test(node.data[i])) continue;
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = range.getBoundingClientRect();
        // A character with no box is not drawn (a <progress>'s fallback text).
        drawn &&= box.width > 0 || box.height > 0;
        xs.push(box.left);
      }
      if (!drawn) continue;
      if (xs.every((x, j) => j === 0 || x > xs[j - 1])) read.push(match[0]);
      else reversed.push(`${match[0]} drawn at x ${xs.map(Math.round).join(', ')}`);
    }
  }
  return { read, reversed };
}
