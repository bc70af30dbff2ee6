// The ministry's promoted figures, stated once; every page that quotes them reads them here.
export const facts = {
  /** Salvations or lives changed in six months in Pakistan. */
  salvations: '800',
  continents: '3',
  buildingGoal: '$35,000',
  biblePrice: '$10',
  cityGoal: '$100 million',
} as const;
