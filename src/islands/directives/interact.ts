/**
 * `client:interact`: hydrate an island on the visitor's first interaction with it.
 *
 * - It starts on focus, pointer down, a key, input or a change inside the island; on a click on a
 *   same-page link whose target holds the island (the header's "Enquire" → `#enquiry`); and at
 *   once when the address already points there (`/Contactus#enquiry`) or later changes to it.
 * - Until then the island is the server's HTML: a form there is a working plain form, so what the
 *   visitor types stays in the page and React's hydration keeps it (the form reads what is already
 *   there). A submit before hydration is a native post.
 * - A press on a script-only button (`button[type=button]`) before hydration would do nothing: it
 *   is held and pressed again once the island has hydrated.
 *
 * Astro inlines this file into each page that uses it (a few hundred bytes), so it stays small and
 * imports nothing.
 */
import type { ClientDirective } from 'astro';

const STARTERS = ['focusin', 'pointerdown', 'keydown', 'input', 'change'] as const;

/** The element a same-page address points to, if it holds or lies inside the island. */
const targetsIsland = (hash: string, el: HTMLElement): boolean => {
  if (hash.length < 2) return false;
  let target: Element | null = null;
  try {
    target = document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return false;
  }
  return target !== null && (target.contains(el) || el.contains(target));
};

const interact: ClientDirective = (load, _options, el) => {
  let started = false;
  /** Which of the island's buttons was pressed before hydration (found again by its place). */
  let heldPress: number | null = null;
  const buttons = () => [...el.querySelectorAll<HTMLButtonElement>('button[type="button"]')];

  const holdPress = (event: Event) => {
    const button = (event.target as Element | null)?.closest?.('button[type="button"]');
    if (button instanceof HTMLButtonElement && el.contains(button)) {
      heldPress = buttons().indexOf(button);
      event.preventDefault();
      event.stopPropagation();
    }
  };
  const onLinkClick = (event: MouseEvent) => {
    const link = (event.target as Element | null)?.closest?.('a[href*="#"]');
    if (!(link instanceof HTMLAnchorElement) || link.pathname !== location.pathname) return;
    if (targetsIsland(link.hash, el)) void start();
  };
  const onHashChange = () => {
    if (targetsIsland(location.hash, el)) void start();
  };
  const onStarter = () => void start();

  async function start() {
    if (started) return;
    started = true;
    for (const type of STARTERS) el.removeEventListener(type, onStarter, true);
    document.removeEventListener('click', onLinkClick, true);
    window.removeEventListener('hashchange', onHashChange);
    const hydrate = await load();
    await hydrate();
    // React hydrates in the background after that; the held press is made again once the browser
    // is next idle, when the island's handlers are there to take it.
    // Safari has no requestIdleCallback: a short timeout there.
    const idle = (callback: () => void) =>
      typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(callback) : setTimeout(callback, 50);
    idle(() => {
      el.removeEventListener('click', holdPress, true);
      if (heldPress !== null) buttons()[heldPress]?.click();
      heldPress = null;
    });
  }

  for (const type of STARTERS) el.addEventListener(type, onStarter, { capture: true, passive: true });
  el.addEventListener('click', holdPress, true);
  document.addEventListener('click', onLinkClick, true);
  window.addEventListener('hashchange', onHashChange);
  if (targetsIsland(location.hash, el)) void start();
};

export default interact;
