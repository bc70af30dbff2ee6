// The kinds of drawing the site draws where a photo is still to come: content
// names one for each picture, and the Art component draws it.
export type ArtKind = 'worship' | 'people' | 'city' | 'building' | 'bible' | 'globe' | 'sunrise' | 'portrait';
