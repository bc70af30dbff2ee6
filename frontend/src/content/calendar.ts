// The words the pages write times and dates with (lib/wallclock.ts puts them
// together): the names of the days and months, and how a time of day reads.
export const calendarWords = {
  /** Sunday first, as Date's getDay() counts. */
  weekdays: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  weekdaysShort: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  /** January first. */
  months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  monthsShort: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  /** A time of day on a 12-hour clock: hour, minutes, seconds if asked, then AM or PM (as the server's labels read). */
  time: (hour12: number, minute: string, second: string | null, pm: boolean) => `${hour12}:${minute}${second === null ? '' : `:${second}`} ${pm ? 'PM' : 'AM'}`,
};
