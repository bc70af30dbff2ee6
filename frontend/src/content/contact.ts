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
    { name: 'South Florida', place: '1520 NW 65th Ave, Plantation, FL', when: 'Sundays 12:00 PM ET', scheduleId: 'sunday-service-florida' },
    { name: 'North Campus', place: 'Delaware, Pennsylvania and New Jersey', when: 'Launching soon' },
    { name: 'Europe', place: 'Online', when: 'Wednesdays 7:00 PM Central European time', scheduleId: 'europe-bible-study' },
    { name: 'Pakistan', place: 'In person', when: 'Sundays 10:00 AM PKT', scheduleId: 'sunday-service-pakistan' },
  ],
  messages: {
    success: { title: 'Message Sent!', description: "Thank you for reaching out. We'll get back to you soon." },
    failure: { title: 'Error', description: 'Failed to send message. Please try again.' },
  },
};
