// The words of the Contact page and its form's messages.
export const contact = {
  intro: "Questions, prayer, or a first hello: we'd love to hear from you.",
  emailHeading: 'Email us',
  responseNote: 'We typically respond within 24 hours.',
  formHeading: 'Send us a message',
  submitLabel: 'Send Message',
  pendingLabel: 'Sending...',
  campusesHeading: 'Our campuses',
  campuses: [
    // `when` is shown until the schedule answers; then the next time in its zone and the visitor's.
    { name: '{campus.south-florida.region}', place: '{sunday-service-florida.where}', when: '{sunday-service-florida.when}', scheduleId: 'sunday-service-florida' },
    { name: 'North Campus', place: '{campus.north.region}', when: '{north-monthly.when}', scheduleId: 'north-monthly' },
    { name: 'Europe', place: '{europe-bible-study.where}', when: '{europe-bible-study.when}', scheduleId: 'europe-bible-study' },
    { name: 'Pakistan', place: 'In person', when: '{sunday-service-pakistan.when}', scheduleId: 'sunday-service-pakistan' },
  ],
  messages: {
    success: { title: 'Message Sent!', description: "Thank you for reaching out. We'll get back to you soon." },
    failure: { title: 'Error', description: 'Failed to send message. Please try again.' },
  },
};
