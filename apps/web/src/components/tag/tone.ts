import './tag.css';

export type Tone = 'neutral' | 'primary' | 'info' | 'success' | 'warning' | 'danger';

/** The status colour names used across the app (lib/requestStatus.ts, admin tables) in the palette's tones. */
const TONE_OF_COLOUR: Record<string, Tone> = {
  blue: 'primary',
  cyan: 'info',
  green: 'success',
  gold: 'warning',
  orange: 'warning',
  red: 'danger',
};

/** Class names giving an element (a plain span or an antd Tag) a tone; '' for none. */
export const toneClass = (tone: Tone | undefined) => (tone ? `zs-tone zs-tone-${tone}` : '');
export const colourClass = (colour: string) => toneClass(TONE_OF_COLOUR[colour]);
