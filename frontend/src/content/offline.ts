// What a visitor is told about the phone's own copies (pages saved for reading
// without a signal, answers kept on the phone until they can be sent) and on a
// connection that saves data (photos shown only when asked for).
export const offlineWords = {
  /** The toast when Send is pressed without a signal. */
  saved: { title: 'Saved on this phone', description: 'It will be sent when you are back online.' },
  /** The line in a form whose submission waits for a signal. */
  waitingLine: 'Saved on this phone. It will be sent when you are back online.',
  /** Several notes at once, each named: all sent, or some not. */
  severalSent: '%count sent now that you are back online',
  severalNotes: '%count updates from this phone',
  /** Before a form's own success words, when it was sent later by itself. */
  sentLater: 'Sent now that you are back online.',
  /** The note when a waiting submission is refused for good. */
  refused: { title: 'Not sent', description: '%reason Open the form again to correct it.' },
  refusedReason: 'The site could not accept it.',
  /** The note when a waiting submission found no signal for 7 days and was deleted. */
  expired: { title: 'Not sent', description: 'What you sent without a signal on %day found no signal for 7 days, so this phone has deleted it. Please send it again.' },
  /** The question in a form that finds answers kept from before (not filled in until asked). */
  keptQuestion: 'Continue the answers kept on this phone?',
  continue: 'Continue',
  discard: 'Discard',
  /** The footer's and the offline page's way to make the phone forget the site. */
  forget: 'Forget what this phone keeps',
  forgetConfirm: 'Delete everything this site keeps on this phone: answers not yet sent, anything waiting to be sent, and the saved pages?',
  forgotten: { title: 'Forgotten', description: 'This phone no longer keeps anything from this site.' },
  forgetFailed: { title: 'Not all forgotten', description: 'This browser would not let the site delete everything. Clear this site’s data in the browser’s settings.' },
  /** The quiet line on a page shown from the phone's copy. */
  savedPage: 'You are offline. This is the copy saved on this phone %when.',
  slowPage: 'The network is slow, so this is the copy saved on this phone %when.',
  loadLatest: 'Load the latest',
  /** The button over a drawing whose photo waits to be asked for (Save-Data, 2G). */
  showPhoto: 'Show photo',
  /** The offline page. */
  offlinePage: {
    intro: "This page hasn't been saved on this phone yet. It will open as soon as you have a signal again.",
    retry: 'Try again',
    savedHeading: 'Saved on this phone',
    savedNone: 'Pages you open while online are saved here for later.',
    studyHeading: 'Bible study',
  },
};
