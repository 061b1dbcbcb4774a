import { useEditorState, type Editor } from '@tiptap/react';
import { LinkDialog } from './LinkDialog.tsx';
import { useRichTextCommands } from './useRichTextCommands.ts';

/** The native picker stays out of sight; a button opens it (inline: no stylesheet order can show it). */
const HIDDEN = { display: 'none' } as const;

type Chain = () => ReturnType<Editor['chain']>;

/** The rich-text editor's toolbar: formats (pressed while the selection has them), table, image, undo and redo. */
export function RichTextToolbar({ editor }: { editor: Editor }) {
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
  const { file, chain, setLink, insertImage, link } = useRichTextCommands(editor);
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
      <TableButtons chain={chain} inTable={state.table} />
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
      {link.asked && (
        <LinkDialog
          initial={link.asked.href}
          onApply={link.apply}
          onRemove={link.asked.existing ? link.remove : null}
          onClose={link.close}
        />
      )}
    </div>
  );
}

/** 插入表格, and inside a table 加一行 / 加一列 / 删除表格. */
function TableButtons({ chain, inTable }: { chain: Chain; inTable: boolean }) {
  return (
    <>
      <button type="button" onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}>
        插入表格
      </button>
      {inTable && (
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
    </>
  );
}
