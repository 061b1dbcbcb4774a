/** Opens a confirmation dialog, loading the dialog code the first time it is needed. */
export async function confirmAction(options: { title: string; content?: string; onOk: () => void }): Promise<void> {
  const { confirm } = await import('./confirm.ts');
  confirm(options);
}
