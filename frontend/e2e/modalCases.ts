// Every modal a page opens: its route, its opener, its test id and some of what it holds
// (modals.spec.ts tests each one; offline.spec.ts opens each one without a signal).
import type { Locator, Page } from '@playwright/test';

export interface ModalCase {
  name: string;
  route: string;
  opener: (page: Page) => Locator;
  testId: string;
  content: (string | RegExp)[];
  closeLabel?: string;
}

export const modalCases: ModalCase[] = [
  { name: 'Global Ministry', route: '/about', opener: (p) => p.getByRole('button', { name: 'Global Ministry' }), testId: 'global-ministry-modal', content: ['United States', 'Pakistan', 'Europe', 'Monthly Gathering', 'Explore Our Campuses'], closeLabel: 'Minimize' },
  { name: "What's New", route: '/about', opener: (p) => p.getByRole('button', { name: "What's New" }), testId: 'whats-new-modal', content: ['No events are planned just now', 'The Cost of Oil', 'Watch Sermon', 'See You There!'] },
  { name: 'Prayer Request', route: '/about', opener: (p) => p.getByRole('link', { name: 'Prayer Request' }), testId: 'prayer-request-modal', content: ["Prayer Request — We'd love to pray for you", 'Cancel'] },
  { name: 'Sermon', route: '/', opener: (p) => p.getByRole('button', { name: 'Watch Now' }), testId: 'sermon-modal', content: ['The Cost of Oil: How to Keep Your Lamp Burning', 'Matthew 25:1-13', 'View Notes'] },
  { name: 'North Campus', route: '/united-states', opener: (p) => p.getByRole('link', { name: 'Interested in Learning More' }), testId: 'north-campus-modal', content: ['Joining the launch team', 'Submit Interest'] },
  { name: 'Connect Card', route: '/new-here', opener: (p) => p.getByRole('link', { name: 'Fill Out a Connect Card' }), testId: 'connect-card-modal', content: ['Age group', 'Next steps', 'I agree to be contacted by phone, email or text.'] },
  { name: 'Serve Interest', route: '/get-involved', opener: (p) => p.getByRole('link', { name: 'Sign Up to Serve' }), testId: 'serve-modal', content: ['Serve Interest Form', 'Worship Leader / Vocalist', 'Special Events Only', 'orientation or training'] },
  { name: 'Join Our Next Service', route: '/worship', opener: (p) => p.getByRole('button', { name: 'Join Our Next Service' }), testId: 'join-service-modal', content: ['Sunday Service', 'Plan your visit'] },
];
