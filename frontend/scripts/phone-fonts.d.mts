export function requirePhoneFonts(): void;
