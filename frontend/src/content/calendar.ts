// The words the pages write times and dates with (lib/wallclock.ts puts them
// together): the names of the days and months, and how a time of day reads.
export const calendarWords = {
  /** Sunday first, as Date's getDay() counts. */
  weekdays: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  weekdaysShort: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  /** January first. */
  months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  monthsShort: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  /** How a day reads: '%weekday, %month %day' → 'Wednesday, December 2' (the slots may move). */
  date: '%weekday, %month %day',
  /** A day and a time of day: 'Wednesday <time>'. */
  weekdayTime: '%weekday %time',
  /** A time in the visitor's own zone, beside a gathering's: '(Thu <time> your time)'. */
  yourTime: '%time your time',
  /** A gathering's start, and the same instant in the visitor's own zone. */
  thatIs: '%start. That is %time your time.',
  liveNow: 'Live now',
  /** After 'Live now'. */
  until: ', until %time',
  next: 'Next: %when',
  /** After a week left out: 'Next: Wednesday, December 9, <time> <zone>'. */
  nextDate: 'Next: %day, %time',
  /** A line ended as a sentence: '%text.' (Urdu ends one with '۔'). */
  sentence: '%text.',
  addToCalendar: 'Add to calendar',
  /** A week left out: 'No Bible study tonight (Thanksgiving).' */
  skipped: 'No %noun %when%why.',
  /** The %noun of a gathering whose line names none. */
  gathering: 'gathering',
  tonight: 'tonight',
  today: 'today',
  onDay: 'on %day',
  /** Why, after the line: ' (Thanksgiving)'. */
  why: ' (%reason)',
  /** A time left: '2 days, 3 hours and 1 minute', days left out under a day. */
  countdown: { days: '%days, %rest', rest: '%hours and %minutes' },
  day: { one: '%n day', other: '%n days' },
  hour: { one: '%n hour', other: '%n hours' },
  minute: { one: '%n minute', other: '%n minutes' },
  /** When a page was saved on the phone: 'today at <time>', 'on Mon, Nov 23 at <time>'. */
  savedToday: 'today at %time',
  savedOn: 'on %day at %time',
  /** A time of day on a 12-hour clock: hour, minutes, seconds if asked, then AM or PM (as the server's labels read). */
  time: (hour12: number, minute: string, second: string | null, pm: boolean) => `${hour12}:${minute}${second === null ? '' : `:${second}`} ${pm ? 'PM' : 'AM'}`,
};

/** How the server writes a gathering's days and times into the pages (src/schedule/
 *  words.rs): the patterns whose %slots it fills, and the names it fills them with
 *  (besides the days and months above). The English here is the server's own; the
 *  build gives each other language's to the server as <code>/gathering-words.json. */
export const gatheringWords = {
  /** 'Wednesdays', Sunday first. */
  weekdaysPlural: ['Sundays', 'Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays'],
  /** A monthly gathering's week. */
  ordinals: ['first', 'second', 'third', 'fourth', 'last'],
  /** The same at the start of a line. */
  ordinalsTitle: ['First', 'Second', 'Third', 'Fourth', 'Last'],
  ordinalDay: '%ordinal %weekday',
  /** %weekday (the day's name) may stand in for %weekdays. */
  ordinalDays: '%ordinal %weekdays',
  every: 'every %weekday',
  everyOrdinal: 'the %ordinal %weekday of every month',
  everyAt: '%every at %time %zone',
  when: '%days %time',
  whenOrdinal: '%day of the month, %time',
  hours: '%days · %hours %zone',
  comingSoon: 'Coming soon',
  soon: 'soon',
  online: 'Online',
  starting: 'Starting %date',
  notHeld: 'Not held on %date%why',
  moved: '%from moved to %to at %time%place%why',
  atPlace: ', at %place',
  why: ' (%reason)',
  zones: {
    eastern: 'Eastern time',
    central: 'Central time',
    mountain: 'Mountain time',
    pacific: 'Pacific time',
    uk: 'UK time',
    pakistan: 'Pakistan time',
    centralEuropean: 'Central European time',
  },
  otherZone: '%name time',
};
