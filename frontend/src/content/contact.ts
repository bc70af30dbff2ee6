// The words of the Contact page and its form's messages (SPEC.md §2, §8).
export const contact = {
  intro: "Questions, prayer, or a first hello: we'd love to hear from you.",
  emailHeading: 'Email us',
  responseNote: 'We typically respond within 24 hours.',
  formHeading: 'Send us a message',
  submitLabel: 'Send Message',
  pendingLabel: 'Sending...',
  campusesHeading: 'Our campuses',
  campuses: [
    { name: 'South Florida', detail: '1520 NW 65th Ave, Plantation, FL · Sundays 12:00 PM ET' },
    { name: 'North Campus', detail: 'Delaware, Pennsylvania and New Jersey · launching soon' },
    { name: 'Europe', detail: 'Online · Wednesdays 7:00 PM Central European time' },
    { name: 'Pakistan', detail: 'In person · Sundays 10:00 AM PKT' },
  ],
  messages: {
    success: { title: 'Message Sent!', description: "Thank you for reaching out. We'll get back to you soon." },
    failure: { title: 'Error', description: 'Failed to send message. Please try again.' },
  },
};
