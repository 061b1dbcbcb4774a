import { useRef } from 'react';
import type { Editor } from '@tiptap/react';
import { message } from 'antd';
import { toast } from '../../../lib/feedback.ts';
import { contentApi } from '../api/content.ts';

/** Commands of the toolbar that ask for something: a link's address, an image file to upload. */
export function useRichTextCommands(editor: Editor) {
  const file = useRef<HTMLInputElement>(null);
  const chain = () => editor.chain().focus();
  const setLink = () => {
    const previous = (editor.getAttributes('link').href as string | undefined) ?? 'https://';
    const href = window.prompt('链接地址（http:// 或 https:// 开头，留空则取消链接）', previous);
    if (href === null) return;
    if (!href.trim() || href.trim() === 'https://') chain().extendMarkRange('link').unsetLink().run();
    else if (!/^(https?:\/\/|mailto:)/i.test(href.trim())) toast.error('链接须以 http:// 或 https:// 开头');
    else chain().extendMarkRange('link').setLink({ href: href.trim() }).run();
  };
  const insertImage = async (f: File | undefined) => {
    if (!f) return;
    const hide = message.loading(`正在上传 ${f.name}…`, 0);
    try {
      const res = await contentApi.upload(f);
      if (res.code !== 0) toast.error(res.msg);
      else if (!res.data.mime.startsWith('image/')) toast.error('请选择 PNG 或 JPG 图片');
      else
        chain()
          .setImage({ src: res.data.url, alt: f.name.replace(/\.[^.]+$/, '') })
          .run();
    } catch {
      toast.error('图片上传失败，请重试');
    } finally {
      hide();
      if (file.current) file.current.value = '';
    }
  };
  return { file, chain, setLink, insertImage };
}
