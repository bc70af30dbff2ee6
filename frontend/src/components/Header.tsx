// The sticky header: logo, desktop dropdown groups, direct links, Donate, and the
// mobile hamburger menu with its one-section-at-a-time accordion.
import { SetOrSoon } from './SetOrSoon';
import { soon } from '../content/soon';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { directLinks, navGroups, type NavGroup } from '../content/layout';
import { links } from '../lib/settings';
import { ExternalLink, Link, useRouter } from '../lib/router';
import { container } from './Blocks';
import { Logo } from './Logo';
import { FloatingButtons } from './FloatingButtons';
import { LanguageSwitch } from './Languages';
import { frame } from '../content/frame';

const navLinkClass =
  'rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-sky-50 hover:text-sky-900 aria-[current=page]:text-sky-800';

function Chevron({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" class={`transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}>
      <path d="M5 7.5 10 12.5 15 7.5" stroke="currentColor" stroke-width="1.8" fill="none" stroke-linecap="round" stroke-linejoin="round" />
    </svg>
  );
}

function DonateButton({ class: extra = '' }: { class?: string }) {
  return (
    <ExternalLink
      href={links.giving}
      class={`inline-flex items-center justify-center rounded-full bg-amber-500 px-5 py-2 text-sm font-semibold text-slate-950 shadow-sm hover:bg-amber-400 ${extra}`}
    >
      <SetOrSoon setting="givingUrl" set={frame.donate} soon={soon.donate} />
    </ExternalLink>
  );
}

/** One desktop dropdown: a disclosure button and its list of links. */
function Dropdown({ group, open, onToggle, onClose }: { group: NavGroup; open: boolean; onToggle: () => void; onClose: () => void }) {
  const id = `nav-${group.label.toLowerCase()}`;
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <div
      class="relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          onClose();
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        class={`${navLinkClass} inline-flex items-center gap-1`}
        aria-expanded={open}
        aria-controls={id}
        onClick={onToggle}
      >
        {group.label}
        <Chevron open={open} />
      </button>
      <ul id={id} hidden={!open} class="absolute start-0 top-full z-50 mt-2 min-w-48 rounded-xl border border-slate-200 bg-white p-2 shadow-lg">
        {group.links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} onClick={onClose} class="block rounded-lg px-3 py-2 text-sm text-slate-700 hover:bg-sky-50 hover:text-sky-900 aria-[current=page]:font-semibold aria-[current=page]:text-sky-800">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function MobileMenu({ onNavigate }: { onNavigate: () => void }) {
  // One accordion section at most; clicking the open one closes it.
  const [openSection, setOpenSection] = useState<string | null>(null);
  return (
    // As tall as the screen below the header at most, scrolling within itself; the page behind stays still.
    <nav id="mobile-menu" aria-label={frame.mainNav} class="max-h-[calc(100dvh-4rem)] overflow-y-auto overscroll-contain border-t border-slate-200 bg-white px-4 pb-6 pt-2 lg:hidden">
      <ul class="divide-y divide-slate-100">
        {navGroups.map((group) => {
          const open = openSection === group.label;
          const id = `mobile-nav-${group.label.toLowerCase()}`;
          const links = group.links.filter((link) => !group.mobileOmits?.includes(link.to));
          return (
            <li key={group.label}>
              <button
                type="button"
                class="flex w-full items-center justify-between py-3 text-start text-base font-medium text-slate-800"
                aria-expanded={open}
                // Only while the section is shown: aria-controls must name an element on the page.
                aria-controls={open ? id : undefined}
                onClick={() => setOpenSection(open ? null : group.label)}
              >
                {group.label}
                <Chevron open={open} />
              </button>
              <ul id={id} hidden={!open} class="pb-2 ps-3">
                {links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} onClick={onNavigate} class="flex min-h-11 items-center rounded-md px-3 text-slate-700 hover:bg-sky-50 aria-[current=page]:font-semibold aria-[current=page]:text-sky-800">
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
        {directLinks.map((link) => (
          <li key={link.to}>
            <Link to={link.to} onClick={onNavigate} class="block py-3 text-base font-medium text-slate-800 aria-[current=page]:text-sky-800">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
      <DonateButton class="mt-4 min-h-11 w-full" />
    </nav>
  );
}

export function Header() {
  const { path } = useRouter();
  const [openGroup, setOpenGroup] = useState<string | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const navRef = useRef<HTMLElement>(null);

  // A dropdown closes on a click anywhere outside the desktop navigation.
  useEffect(() => {
    if (!openGroup) return;
    const onPointer = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setOpenGroup(null);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [openGroup]);

  // While the mobile menu is open the page behind does not scroll (a class, apart from the pop-ups' own lock).
  // Before the open menu is painted: an Escape pressed as soon as it shows closes it.
  useLayoutEffect(() => {
    document.documentElement.classList.toggle('menu-open', menuOpen);
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    document.addEventListener('keydown', onKey);
    return () => {
      document.documentElement.classList.remove('menu-open');
      document.removeEventListener('keydown', onKey);
    };
  }, [menuOpen]);

  // Navigating anywhere closes whatever menu was open.
  useEffect(() => {
    setOpenGroup(null);
    setMenuOpen(false);
  }, [path]);

  return (
    <header class="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div class={`${container} flex h-16 items-center justify-between gap-4`}>
        <Link to="/" class="inline-flex min-h-11 items-center rounded-md text-slate-900">
          <Logo after={frame.homeAfterName} />
        </Link>
        <div class="flex items-center gap-1">
          <nav ref={navRef} aria-label={frame.mainNav} class="hidden items-center gap-1 lg:flex">
            {navGroups.map((group) => (
              <Dropdown
                key={group.label}
                group={group}
                open={openGroup === group.label}
                onToggle={() => setOpenGroup(openGroup === group.label ? null : group.label)}
                onClose={() => setOpenGroup(null)}
              />
            ))}
            {directLinks.map((link) => (
              <Link key={link.to} to={link.to} class={navLinkClass}>
                {link.label}
              </Link>
            ))}
            <DonateButton class="ms-2" />
          </nav>
          <LanguageSwitch class="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-2 text-sm font-medium text-slate-700 underline-offset-2 hover:bg-slate-100 hover:underline" />
          <button
            type="button"
            class="inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-800 hover:bg-slate-100 lg:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuOpen ? 'mobile-menu' : undefined}
            aria-label={menuOpen ? frame.closeMenu : frame.openMenu}
            onClick={() => setMenuOpen(!menuOpen)}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              {menuOpen ? (
                <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
              ) : (
                <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
              )}
            </svg>
          </button>
        </div>
      </div>
      {/* Remounted on each toggle, so opening the menu always starts with every section closed. */}
      {menuOpen && <MobileMenu onNavigate={() => setMenuOpen(false)} />}
      <FloatingButtons />
    </header>
  );
}
