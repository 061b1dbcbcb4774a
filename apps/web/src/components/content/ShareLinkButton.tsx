import { toast } from '../../lib/feedback.ts';

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Clipboard API refused (insecure context, permissions): the old selection way.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const done = document.execCommand('copy');
    area.remove();
    return done;
  }
}

export function ShareLinkButton() {
  return (
    <button
      type="button"
      className="btn"
      onClick={async () => {
        if (await copy(window.location.href)) toast.success('链接已复制，可粘贴分享');
        else toast.error(`复制失败，请手动复制：${window.location.href}`);
      }}
    >
      复制链接
    </button>
  );
}
