import { useEffect } from 'react';
import { useLocation } from 'react-router';

export const TITLE_SUFFIX = 'College ERP';

/** A page that knows its own title better than its heading sets it here. */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (!title) return;
    document.title = `${title} · ${TITLE_SUFFIX}`;
    document.documentElement.dataset.titleFixed = '1';
    return () => {
      delete document.documentElement.dataset.titleFixed;
    };
  }, [title]);
}

const headingText = () => {
  const h = document.querySelector('main h1, h1, main h2');
  return h?.textContent?.replace(/\s+/g, ' ').trim() || null;
};

/**
 * Every page gets its own <title>: the page's main heading, followed by the app's name. Mounted once
 * at the root, it follows the route and the heading as it appears (pages load their code lazily).
 */
export function useTitleFromHeading() {
  const { pathname } = useLocation();
  useEffect(() => {
    const apply = () => {
      if (document.documentElement.dataset.titleFixed) return;
      const h = headingText();
      const next = h ? `${h} · ${TITLE_SUFFIX}` : TITLE_SUFFIX;
      if (document.title !== next) document.title = next;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [pathname]);
}
