/**
 * The palette of styles/tokens.css for code that cannot read CSS variables: antd's theme (it derives
 * hover and active shades from the seed colour) and ECharts (draws on a canvas). theme.test.ts keeps
 * both files equal, so a colour is changed in one place and the test points at the other.
 */
export const palette = {
  primary: '#1f5fbf',
  'primary-hover': '#174a96',
  'primary-deep': '#12305f',
  'primary-border': '#91caff',
  'primary-bg': '#eef3fb',
  text: '#1f2329',
  'text-muted': '#646a73',
  surface: '#fff',
  border: '#d0d7e2',
  danger: '#cf1322',
  warning: '#ad4e00',
  success: '#237804',
  accent: '#f5c242',
  'chart-highlight': '#e8590c',
  'chart-muted': '#9aa5b5',
} as const;

/** antd seed tokens from the same palette; care mode raises the font size and control height. */
export function antdTheme(care: boolean) {
  return {
    token: {
      colorPrimary: palette.primary,
      // antd derives a lighter hover shade by default; white text on it falls below 4.5:1.
      colorPrimaryHover: palette['primary-hover'],
      colorPrimaryActive: palette['primary-deep'],
      colorLink: palette.primary,
      colorLinkHover: palette['primary-hover'],
      colorLinkActive: palette['primary-deep'],
      colorError: palette.danger,
      colorWarning: palette.warning,
      colorSuccess: palette.success,
      colorText: palette.text,
      colorTextSecondary: palette['text-muted'],
      colorTextDescription: palette['text-muted'],
      colorTextPlaceholder: palette['text-muted'],
      borderRadius: 4,
      ...(care ? { fontSize: 18, controlHeight: 44, motion: false } : {}),
    },
  };
}
