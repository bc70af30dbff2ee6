// The site footer: brand and tagline, the Resources and Global Campuses lists,
// the copyright line for the current year, and the legal links.
import { footerLists, legalLinks, site, type NavLink } from '../content/layout';
import { Link } from '../lib/router';
import { container } from './Blocks';
import { ForgetPhone } from '../offline/ForgetPhone';
import { Logo } from './Logo';
import { LanguageSwitch } from './Languages';
import { frame } from '../content/frame';

function LinkList({ links, class: listClass }: { links: NavLink[]; class: string }) {
  return (
    <ul class={listClass}>
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} class="inline-flex min-h-11 min-w-11 items-center hover:text-white hover:underline md:min-h-0 md:min-w-0">
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function Footer({ year }: { year: number }) {
  return (
    <footer class="mt-16 bg-slate-950 text-slate-300">
      <div class={`${container} grid gap-10 py-12 md:grid-cols-4`}>
        <div class="md:col-span-2">
          <Link to="/" class="inline-flex min-h-11 items-center text-white">
            <Logo after={frame.homeAfterName} />
          </Link>
          <p class="mt-4 max-w-md text-sm leading-6">{site.footerTagline}</p>
        </div>
        {footerLists.map((list) => (
          <nav key={list.heading} aria-label={list.heading}>
            <h2 class="text-sm font-semibold uppercase tracking-wider text-white">{list.heading}</h2>
            <LinkList links={list.links} class="mt-4 space-y-2 text-sm" />
          </nav>
        ))}
      </div>
      <div class="border-t border-slate-800">
        <div class={`${container} flex flex-col gap-3 py-6 text-sm sm:flex-row sm:items-center sm:justify-between`}>
          <p>
            © <span data-testid="copyright-year">{year}</span> {site.name}. {frame.allRightsReserved}
          </p>
          <div class="flex flex-wrap items-center gap-x-6">
            <LinkList links={legalLinks} class="flex gap-6" />
            <LanguageSwitch class="inline-flex min-h-11 min-w-11 items-center underline-offset-2 hover:text-white hover:underline md:min-h-0 md:min-w-0" />
            <ForgetPhone class="inline-flex min-h-11 items-center text-start underline-offset-2 hover:text-white hover:underline md:min-h-0" />
          </div>
        </div>
      </div>
    </footer>
  );
}
