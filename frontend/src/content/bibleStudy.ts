// The words of the two Bible-study pages (whether a study is live is computed from
// the schedule the server gives; the times are the gatherings' words, `{<id>.<word>}`).
export interface StudyCopy {
  /** The gathering's id in the server's schedule (GET /api/schedule). */
  scheduleId: string;
  zone: string;
  schedule: string;
  intro: string;
  clockLabel: string;
  /** The server part listing the gatherings a volunteer added on this page's campus. */
  addedPart?: string;
}

export const globalStudy: StudyCopy = {
  scheduleId: 'bible-study',
  zone: 'America/New_York',
  schedule: '{bible-study.hours}',
  intro: 'Join believers from every time zone for a live study of the Word, online.',
  clockLabel: '{bible-study.zone} now',
  addedPart: 'gatherings-bible-study',
};

export const europeStudy: StudyCopy = {
  scheduleId: 'europe-bible-study',
  zone: 'Europe/Berlin',
  schedule: '{europe-bible-study.hours}',
  intro: 'Our European family studies the Bible together {europe-bible-study.every}: {europe-bible-study.where}.',
  clockLabel: '{europe-bible-study.zone} now',
};

export const studyShared = {
  liveNow: 'Live now',
  liveText: 'The study is live. Join in the window below, or open the meeting in its own app.',
  openMeeting: 'Open in the meeting app',
  /** While the site has no meeting link (`thewell site set meeting-url`): no frame, no placeholder link. */
  noMeeting: 'The meeting link is not published on this site yet. Contact us and we will send it to you before the study.',
  /** What the study is called when a week is skipped: 'No Bible study tonight'. */
  noun: 'Bible study',
  frameTitle: 'Live Bible study meeting',
  countdownLead: 'Next study begins in:',
  preview: {
    heading: 'What happens at the study',
    points: ['Worship and prayer to open', 'A passage read and taught', 'Small-group discussion and prayer for one another'],
  },
  howToJoin: {
    heading: 'How to Join',
    steps: [
      'Come back to this page at the start time: the meeting appears here.',
      'Or open the meeting in the app on your phone or computer.',
      'Have a Bible (or a Bible app) and a notebook ready.',
    ],
  },
  addToCalendar: 'Add to calendar',
};
