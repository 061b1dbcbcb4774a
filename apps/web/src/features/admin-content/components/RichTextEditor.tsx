import { useRef } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { message } from 'antd';
import { toast } from '../../../lib/feedback.ts';
import { contentApi } from '../api/content.ts';
import './rich-text.css';

/** The native picker stays out of sight; a button opens it (inline: no stylesheet order can show it). */
const HIDDEN = { display: 'none' } as const;

/**
 * The console's rich-text editor (Tiptap 3), loaded only by the editor page. It produces exactly what
 * the server's allowlist keeps (content-admin/rich-text.ts): headings 2-4, paragraphs, lists, quotes,
 * bold, italic, links, tables and images uploaded through the console.
 */
export const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3, 4] },
    code: false,
    codeBlock: false,
    strike: false,
    underline: false,
    horizontalRule: false,
    link: { openOnClick: false, protocols: ['http', 'https', 'mailto'], defaultProtocol: 'https' },
  }),
  Image.configure({ allowBase64: false }),
  TableKit.configure({ table: { resizable: false } }),
];

interface Props {
  /** The initial HTML: the editor page remounts the form (and this editor) for every saved state. */
  value: string;
  onChange: (html: string) => void;
}

export default function RichTextEditor({ value, onChange }: Props) {
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: value,
    editorProps: {
      attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': '正文', class: 'rte-content rich-text' },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  return (
    <div className="rte">
      <Toolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const file = useRef<HTMLInputElement>(null);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      table: e.isActive('table'),
    }),
  });
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
  const buttons: Array<[string, boolean, () => void]> = [
    ['标题', state.h2, () => chain().toggleHeading({ level: 2 }).run()],
    ['小标题', state.h3, () => chain().toggleHeading({ level: 3 }).run()],
    ['加粗', state.bold, () => chain().toggleBold().run()],
    ['斜体', state.italic, () => chain().toggleItalic().run()],
    ['项目列表', state.bullet, () => chain().toggleBulletList().run()],
    ['编号列表', state.ordered, () => chain().toggleOrderedList().run()],
    ['引用', state.quote, () => chain().toggleBlockquote().run()],
    ['链接', state.link, setLink],
  ];
  return (
    <div className="rte-toolbar" role="toolbar" aria-label="正文格式">
      {buttons.map(([label, active, run]) => (
        <button key={label} type="button" aria-pressed={active} className={active ? 'is-active' : ''} onClick={run}>
          {label}
        </button>
      ))}
      <button type="button" onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}>
        插入表格
      </button>
      {state.table && (
        <>
          <button type="button" onClick={() => chain().addRowAfter().run()}>
            加一行
          </button>
          <button type="button" onClick={() => chain().addColumnAfter().run()}>
            加一列
          </button>
          <button type="button" onClick={() => chain().deleteTable().run()}>
            删除表格
          </button>
        </>
      )}
      <button type="button" onClick={() => file.current?.click()}>
        插入图片
      </button>
      <input
        ref={file}
        type="file"
        accept="image/png,image/jpeg"
        style={HIDDEN}
        aria-label="插入图片文件"
        onChange={(e) => void insertImage(e.target.files?.[0])}
      />
      <button type="button" onClick={() => chain().undo().run()}>
        撤销
      </button>
      <button type="button" onClick={() => chain().redo().run()}>
        重做
      </button>
    </div>
  );
}
