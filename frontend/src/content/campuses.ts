// The campuses and their regular gatherings. The times here are the words shown;
// whether a gathering is live is computed from the server's schedule (lib/schedule.ts).

export interface Gathering {
  label: string;
  /** The words shown until the schedule answers (and for gatherings it does not hold). */
  when: string;
  where: string;
  /** The gathering's id in the server's schedule, when it has one. */
  scheduleId?: string;
}

export interface Campus {
  id: string;
  name: string;
  places: string;
  to: string;
  gatherings: Gathering[];
}

/** The church's address: the Florida service's place, from its gathering file. */
export const address = {
  oneLine: '{sunday-service-florida.where}',
  /** The address to go to (empty while the service is online), as a word name. */
  word: '{sunday-service-florida.address}',
};

export const campuses: Campus[] = [
  {
    id: 'united-states',
    name: 'United States',
    places: '{campus.south-florida.region} and the North',
    to: '/united-states',
    gatherings: [
      { label: '{sunday-service-florida.day} Service', when: '{sunday-service-florida.when}', where: '{sunday-service-florida.where}', scheduleId: 'sunday-service-florida' },
      { label: 'Monthly Gathering', when: '{north-monthly.when}', where: '{north-monthly.where}', scheduleId: 'north-monthly' },
      { label: 'Bible Study', when: '{bible-study.when}', where: '{bible-study.where}', scheduleId: 'bible-study' },
    ],
  },
  {
    id: 'pakistan',
    name: 'Pakistan',
    places: 'In person',
    to: '/pakistan',
    gatherings: [
      { label: '{sunday-service-pakistan.day} Service', when: '{sunday-service-pakistan.when}', where: 'In person', scheduleId: 'sunday-service-pakistan' },
      { label: 'Bible Study', when: '{bible-study-pakistan.when}', where: 'In person', scheduleId: 'bible-study-pakistan' },
    ],
  },
  {
    id: 'europe',
    name: 'Europe',
    places: '{europe-bible-study.where}',
    to: '/europe',
    gatherings: [{ label: 'Bible Study', when: '{europe-bible-study.when}', where: '{europe-bible-study.where}', scheduleId: 'europe-bible-study' }],
  },
];

/** The country navigator shared by the Bible-study and campus pages; `also` names the
 *  other pages of the same country, where it is marked current too. */
export const countries: { name: string; to: string; detail: string; also?: string[]; /** The gathering whose time `detail` names. */ scheduleId?: string }[] = [
  { name: 'Global', to: '/bible-study', detail: '{campus.online.region}' },
  { name: 'United States', to: '/united-states', detail: '{campus.south-florida.city}, FL and the North Campus' },
  { name: 'Europe', to: '/europe-bible-study', detail: '{europe-bible-study.when}', also: ['/europe'], scheduleId: 'europe-bible-study' },
  { name: 'Pakistan', to: '/pakistan', detail: 'Local gatherings and studies' },
];
