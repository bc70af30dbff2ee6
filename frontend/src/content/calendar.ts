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
  /** How a time of day reads, here and in the server's words (src/schedule/clock.rs):
   *  %hour is on a 12-hour clock, %hh on a 24-hour one in two digits (a language
   *  that writes "19:00" uses it, with one part of the day that says nothing: "0: "),
   *  %minute has two digits, %period is the part of the day. */
  clock: {
    /** The digits. */
    time: '%hour:%minute',
    /** The digits on the hour (a language may leave the minutes out: '%hour'). */
    onTheHour: '%hour:%minute',
    /** The digits with their part of the day. */
    withPeriod: '%time %period',
    /** The parts of the day, each after the hour (0 to 23) it starts at and a colon, ';' between. */
    periods: '0: AM; 12: PM',
    /** From one time to another, each with its part of the day. */
    range: '%from–%to',
    /** From one time to another within one part of the day: %from and %to are the digits alone. */
    rangeInOnePeriod: '%from–%to %period',
    /** A time and its zone: %short is the zone's abbreviation ('EST'), %zone its name ('Eastern time'). */
    zoned: '%time %short',
  },
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
