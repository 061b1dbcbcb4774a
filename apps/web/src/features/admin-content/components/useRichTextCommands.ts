import { useRef, useState } from 'react';
import type { Editor } from '@tiptap/react';
import { message } from 'antd';
import { toast } from '../../../lib/feedback.ts';
import { contentApi } from '../api/content.ts';

/** Commands of the toolbar that ask for something: a link's address, an image file to upload. */
export function useRichTextCommands(editor: Editor) {
  const file = useRef<HTMLInputElement>(null);
  const chain = () => editor.chain().focus();
  // The link dialog (LinkDialog) instead of window.prompt (issue 30): null when closed, else the current address.
  const [linkAsked, setLinkAsked] = useState<{ href: string; existing: boolean } | null>(null);
  const setLink = () => {
    const existing = editor.getAttributes('link').href as string | undefined;
    setLinkAsked({ href: existing ?? '', existing: Boolean(existing) });
  };
  const applyLink = (href: string) => {
    setLinkAsked(null);
    // With nothing selected the address itself becomes the linked text.
    if (editor.state.selection.empty && !editor.isActive('link'))
      chain()
        .insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] })
        .run();
    else chain().extendMarkRange('link').setLink({ href }).run();
  };
  const removeLink = () => {
    setLinkAsked(null);
    chain().extendMarkRange('link').unsetLink().run();
  };
  const closeLink = () => {
    setLinkAsked(null);
    chain().run();
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
  return {
    file,
    chain,
    setLink,
    insertImage,
    link: { asked: linkAsked, apply: applyLink, remove: removeLink, close: closeLink },
  };
}
