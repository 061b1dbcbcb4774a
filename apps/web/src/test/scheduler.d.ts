// The two exports of React's scheduler the test setup uses (the package ships no types).
declare module 'scheduler' {
  export const unstable_IdlePriority: number;
  export function unstable_scheduleCallback(priority: number, callback: () => void): unknown;
}
