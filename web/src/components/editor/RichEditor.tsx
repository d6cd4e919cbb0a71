// Tiptap (MIT, on ProseMirror) rich-text editor with our own Ant Design toolbar. Everything here is bundled into
// this lazily loaded chunk: callers import it with React.lazy.
import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import TextAlign from '@tiptap/extension-text-align';
import Image from '@tiptap/extension-image';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import { BackgroundColor, Color, TextStyle } from '@tiptap/extension-text-style';
import { Placeholder } from '@tiptap/extensions';
import { Button, Divider, Dropdown, Form, Input, Popover, Select, Space, Tooltip, theme } from 'antd';
import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  BoldOutlined,
  ClearOutlined,
  DeleteColumnOutlined,
  DeleteOutlined,
  DeleteRowOutlined,
  DisconnectOutlined,
  BgColorsOutlined,
  FontColorsOutlined,
  InsertRowBelowOutlined,
  InsertRowRightOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  TableOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { uploadFiles } from '../files/upload-request';
import './rich-editor.css';

export interface RichEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  height?: number;
}

/** Links: web and mail addresses only (no javascript:, data:, relative paths). */
export const isAllowedLink = (url: string): boolean => /^(https?:\/\/[^\s/]+|mailto:[^\s@]+@)\S*$/i.test(url.trim());
/** Images: web addresses or a path on this site (not protocol-relative). */
export const isAllowedImage = (url: string): boolean => /^(https?:\/\/[^\s/]+\S*|\/(?!\/)\S*)$/i.test(url.trim());

/**
 * The editor's HTML; an empty document is '' so a required rule sees it as empty. The empty paragraph the editor
 * keeps after a final heading or table (so the cursor can go there) is not stored.
 */
export const htmlOf = (editor: Editor): string => (editor.isEmpty ? '' : editor.getHTML().replace(/(?:<p><\/p>)+$/, ''));

/** Uploaded pictures: raster images only (an SVG can carry script). */
const IMAGE_ACCEPT = '.png,.jpg,.jpeg,.gif,.webp,.bmp';

const COLOURS = ['#f5222d', '#fa8c16', '#fadb14', '#52c41a', '#13c2c2', '#1677ff', '#722ed1', '#eb2f96', '#8c8c8c'];
/** Light backgrounds: dark and light text stay readable on them. */
const BACKGROUNDS = ['#fff1b8', '#ffd8bf', '#ffccc7', '#d9f7be', '#b5f5ec', '#bae0ff', '#efdbff', '#ffd6e7', '#f0f0f0'];

type Block = 'paragraph' | 'h1' | 'h2' | 'h3';

/** Rich-text editor used as a Form.Item control: HTML in (value), HTML out (onChange). */
export default function RichEditor({ value, onChange, height = 360 }: RichEditorProps) {
  const { t, i18n } = useTranslation('editor');
  const { token } = theme.useToken();
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  /** The HTML last reported or loaded: a value equal to it is the editor's own and is not loaded again. */
  const known = useRef(value ?? '');

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3] },
        codeBlock: false,
        link: {
          openOnClick: false,
          autolink: true,
          protocols: ['mailto'],
          // what the toolbar sets, plus what stored HTML may hold and the server keeps (tel:, site paths, anchors)
          isAllowedUri: (url) => isAllowedLink(url) || /^(tel:|\/(?!\/)|#)/i.test(url.trim()),
          HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer' },
        },
      }),
      TextStyle,
      Color,
      // Background colours in stored content (TinyMCE wrote them as spans) survive an edit.
      BackgroundColor,
      TextAlign.configure({ types: ['heading', 'paragraph'] }),
      // inline, as TinyMCE stored them (<p>…<img>…</p>)
      Image.configure({ inline: true, allowBase64: true }),
      Table.configure({ resizable: false }),
      TableRow,
      TableHeader,
      TableCell,
      // read when drawn, so it follows a language switch
      Placeholder.configure({ placeholder: () => i18n.t('editor:placeholder') }),
    ],
    content: value ?? '',
    shouldRerenderOnTransaction: false,
    editorProps: { attributes: { 'aria-label': t('placeholder'), 'aria-multiline': 'true', role: 'textbox' } },
    onUpdate: ({ editor: e }) => {
      const html = htmlOf(e);
      known.current = html;
      onChangeRef.current?.(html);
    },
  });

  // A value from outside (form reset, a record loaded) replaces the content; the editor's own value does not, so the
  // cursor stays where it is while typing.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const next = value ?? '';
    if (next === known.current) return;
    known.current = next;
    if (next === htmlOf(editor)) return;
    editor.commands.setContent(next, { emitUpdate: false });
  }, [editor, value]);

  const style = {
    '--re-bg': token.colorBgContainer,
    '--re-text': token.colorText,
    '--re-border': token.colorBorder,
    '--re-border-soft': token.colorBorderSecondary,
    '--re-fill': token.colorFillTertiary,
    '--re-muted': token.colorTextTertiary,
    '--re-link': token.colorLink,
    '--re-primary': token.colorPrimary,
    '--re-selected': token.controlItemBgActive,
    '--re-radius': `${token.borderRadius}px`,
    '--re-min-height': `${height}px`,
  } as CSSProperties;

  return (
    <div className="rich-editor" style={style}>
      {editor && <Toolbar editor={editor} />}
      <EditorContent editor={editor} className="rich-editor-content" />
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const { t, i18n } = useTranslation('editor');
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
      block: (e.isActive('heading', { level: 1 })
        ? 'h1'
        : e.isActive('heading', { level: 2 })
          ? 'h2'
          : e.isActive('heading', { level: 3 })
            ? 'h3'
            : 'paragraph') as Block,
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      colour: (e.getAttributes('textStyle').color as string | undefined) ?? '',
      background: (e.getAttributes('textStyle').backgroundColor as string | undefined) ?? '',
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      left: e.isActive({ textAlign: 'left' }),
      center: e.isActive({ textAlign: 'center' }),
      right: e.isActive({ textAlign: 'right' }),
      link: e.isActive('link'),
      inTable: e.isActive('table'),
    }),
  });
  const chain = () => editor.chain().focus();
  const setBlock = (b: Block) => {
    if (b === 'paragraph') chain().setParagraph().run();
    else
      chain()
        .toggleHeading({ level: Number(b.slice(1)) as 1 | 2 | 3 })
        .run();
  };
  return (
    <div className="rich-editor-toolbar" role="toolbar" aria-label={t('toolbar')}>
      <Tool name="undo" icon={<UndoOutlined />} disabled={!s.canUndo} onClick={() => chain().undo().run()} />
      <Tool name="redo" icon={<RedoOutlined />} disabled={!s.canRedo} onClick={() => chain().redo().run()} />
      <Divider orientation="vertical" />
      <Tooltip title={t('block')} placement="top">
        <Select<Block>
          size="small"
          variant="borderless"
          aria-label={t('block')}
          data-testid="rich-editor-block"
          value={s.block}
          onChange={setBlock}
          popupMatchSelectWidth={false}
          // wide enough for the longest name: 标题 3 / Paragraph
          style={{ width: i18n.language === 'en' ? 118 : 92 }}
          options={[
            { value: 'paragraph', label: t('paragraph') },
            { value: 'h1', label: t('heading1') },
            { value: 'h2', label: t('heading2') },
            { value: 'h3', label: t('heading3') },
          ]}
        />
      </Tooltip>
      <Divider orientation="vertical" />
      <Tool name="bold" icon={<BoldOutlined />} active={s.bold} onClick={() => chain().toggleBold().run()} />
      <Tool name="italic" icon={<ItalicOutlined />} active={s.italic} onClick={() => chain().toggleItalic().run()} />
      <Tool name="underline" icon={<UnderlineOutlined />} active={s.underline} onClick={() => chain().toggleUnderline().run()} />
      <Tool name="strike" icon={<StrikethroughOutlined />} active={s.strike} onClick={() => chain().toggleStrike().run()} />
      <ColourTool editor={editor} kind="color" current={s.colour} />
      <ColourTool editor={editor} kind="background" current={s.background} />
      <Divider orientation="vertical" />
      <Tool name="bulletList" icon={<UnorderedListOutlined />} active={s.bulletList} onClick={() => chain().toggleBulletList().run()} />
      <Tool name="orderedList" icon={<OrderedListOutlined />} active={s.orderedList} onClick={() => chain().toggleOrderedList().run()} />
      <Tool name="alignLeft" icon={<AlignLeftOutlined />} active={s.left} onClick={() => chain().setTextAlign('left').run()} />
      <Tool name="alignCenter" icon={<AlignCenterOutlined />} active={s.center} onClick={() => chain().setTextAlign('center').run()} />
      <Tool name="alignRight" icon={<AlignRightOutlined />} active={s.right} onClick={() => chain().setTextAlign('right').run()} />
      <Divider orientation="vertical" />
      <LinkTool editor={editor} active={s.link} />
      <ImageTool editor={editor} />
      {s.inTable ? (
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'addRowAfter', icon: <InsertRowBelowOutlined />, label: t('addRowAfter'), onClick: () => chain().addRowAfter().run() },
              { key: 'addColumnAfter', icon: <InsertRowRightOutlined />, label: t('addColumnAfter'), onClick: () => chain().addColumnAfter().run() },
              { key: 'deleteRow', icon: <DeleteRowOutlined />, label: t('deleteRow'), onClick: () => chain().deleteRow().run() },
              { key: 'deleteColumn', icon: <DeleteColumnOutlined />, label: t('deleteColumn'), onClick: () => chain().deleteColumn().run() },
              { type: 'divider' },
              { key: 'deleteTable', icon: <DeleteOutlined />, danger: true, label: t('deleteTable'), onClick: () => chain().deleteTable().run() },
            ],
          }}
        >
          <span>
            <Tool name="tableActions" icon={<TableOutlined />} active onClick={() => undefined} />
          </span>
        </Dropdown>
      ) : (
        <Tool name="table" icon={<TableOutlined />} onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()} />
      )}
      <Tool name="clear" icon={<ClearOutlined />} onClick={() => chain().unsetAllMarks().clearNodes().unsetTextAlign().run()} />
    </div>
  );
}

interface ToolProps {
  name: string;
  icon: ReactNode;
  onClick: () => void;
  active?: boolean;
  disabled?: boolean;
}

/** A toolbar button: icon, translated tooltip and label, pressed state. */
function Tool({ name, icon, onClick, active = false, disabled = false }: ToolProps) {
  const { t } = useTranslation('editor');
  return (
    <Tooltip title={t(name)} placement="top" mouseEnterDelay={0.4}>
      <Button
        size="small"
        color={active ? 'primary' : 'default'}
        variant={active ? 'filled' : 'text'}
        className={active ? 'rich-editor-active' : undefined}
        icon={icon}
        aria-label={t(name)}
        aria-pressed={active}
        disabled={disabled}
        data-testid={`rich-editor-${name}`}
        // keeps the editor's selection: the button does not take the focus on mouse down
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
      />
    </Tooltip>
  );
}

/** Text colour or background colour: a popover of swatches and a "none" choice. */
function ColourTool({ editor, kind, current }: { editor: Editor; kind: 'color' | 'background'; current: string }) {
  const { t } = useTranslation('editor');
  const [open, setOpen] = useState(false);
  const pick = (c: string | null) => {
    const chain = editor.chain().focus();
    if (kind === 'color') (c ? chain.setColor(c) : chain.unsetColor()).run();
    else (c ? chain.setBackgroundColor(c) : chain.unsetBackgroundColor()).run();
    setOpen(false);
  };
  const icon =
    kind === 'color' ? (
      <FontColorsOutlined style={current ? { color: current } : undefined} />
    ) : (
      <BgColorsOutlined style={current ? { boxShadow: `inset 0 -3px 0 ${current}` } : undefined} />
    );
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      content={
        <div className="rich-editor-swatches" data-testid={`rich-editor-swatches-${kind}`}>
          {(kind === 'color' ? COLOURS : BACKGROUNDS).map((c) => (
            <button
              key={c}
              type="button"
              aria-label={c}
              className="rich-editor-swatch"
              style={{ background: c }}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(c)}
            />
          ))}
          <Button size="small" type="link" onMouseDown={(e) => e.preventDefault()} onClick={() => pick(null)}>
            {t(kind === 'color' ? 'colorDefault' : 'backgroundNone')}
          </Button>
        </div>
      }
    >
      <span>
        <Tool name={kind} icon={icon} onClick={() => undefined} />
      </span>
    </Popover>
  );
}

/** The form rule of an address field in the toolbar's popovers: filled and allowed, else the message. */
function addressRule(allowed: (address: string) => boolean, message: string) {
  return { validator: (_: unknown, v: string | undefined) => (v && allowed(v) ? Promise.resolve() : Promise.reject(new Error(message))) };
}

function LinkTool({ editor, active }: { editor: Editor; active: boolean }) {
  const { t } = useTranslation('editor');
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ href: string }>();
  const show = (next: boolean) => {
    if (next) form.setFieldsValue({ href: (editor.getAttributes('link').href as string | undefined) ?? '' });
    setOpen(next);
  };
  const apply = ({ href }: { href: string }) => {
    const url = href.trim();
    const c = editor.chain().focus().extendMarkRange('link');
    // no selection and no link under the cursor: the address is inserted as the link's text
    if (editor.state.selection.empty && !editor.isActive('link')) {
      c.insertContent({ type: 'text', text: url, marks: [{ type: 'link', attrs: { href: url } }] }).run();
    } else {
      c.setLink({ href: url }).run();
    }
    setOpen(false);
  };
  return (
    <Popover
      open={open}
      onOpenChange={show}
      trigger="click"
      destroyOnHidden
      content={
        <Form form={form} layout="inline" onFinish={apply} data-testid="rich-editor-link-form" style={{ width: 360 }}>
          <Form.Item name="href" style={{ flex: 1, marginInlineEnd: 8 }} rules={[addressRule(isAllowedLink, t('linkInvalid'))]}>
            <Input autoFocus placeholder="https://" aria-label={t('linkUrl')} data-testid="rich-editor-link-url" />
          </Form.Item>
          <Space size={4}>
            <Button type="primary" htmlType="submit" data-testid="rich-editor-link-ok">
              {t('ok')}
            </Button>
            {active && (
              <Tooltip title={t('unlink')}>
                <Button
                  icon={<DisconnectOutlined />}
                  aria-label={t('unlink')}
                  data-testid="rich-editor-unlink"
                  onClick={() => {
                    editor.chain().focus().extendMarkRange('link').unsetLink().run();
                    setOpen(false);
                  }}
                />
              </Tooltip>
            )}
          </Space>
        </Form>
      }
    >
      <span>
        <Tool name="link" icon={<LinkOutlined />} active={active} onClick={() => undefined} />
      </span>
    </Popover>
  );
}

function ImageTool({ editor }: { editor: Editor }) {
  const { t } = useTranslation('editor');
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ src: string; alt?: string }>();
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const apply = ({ src, alt }: { src: string; alt?: string }) => {
    editor
      .chain()
      .focus()
      .setImage({ src: src.trim(), alt: alt?.trim() || undefined })
      .run();
    form.resetFields();
    setOpen(false);
  };
  /** Uploads through the file service (its own attachment folder) and inserts the file's signed address. */
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      const result = await uploadFiles([file], { accept: IMAGE_ACCEPT, toast: true });
      editor.chain().focus().setImage({ src: result.FileUrl, alt: file.name }).run();
      setOpen(false);
    } catch {
      // the error toast has said why
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      destroyOnHidden
      content={
        <Form form={form} layout="vertical" onFinish={apply} data-testid="rich-editor-image-form" style={{ width: 360 }}>
          <Form.Item name="src" label={t('imageUrl')} rules={[addressRule(isAllowedImage, t('imageInvalid'))]}>
            <Input autoFocus placeholder="https://" data-testid="rich-editor-image-url" />
          </Form.Item>
          <Form.Item name="alt" label={t('imageAlt')}>
            <Input data-testid="rich-editor-image-alt" />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" data-testid="rich-editor-image-ok">
              {t('ok')}
            </Button>
            <Button icon={<UploadOutlined />} loading={uploading} onClick={() => fileInput.current?.click()} data-testid="rich-editor-image-upload">
              {t('imageUpload')}
            </Button>
          </Space>
          <input
            ref={fileInput}
            type="file"
            accept={IMAGE_ACCEPT}
            style={{ display: 'none' }}
            data-testid="rich-editor-image-file"
            onChange={(e) => void upload(e.target.files?.[0])}
          />
        </Form>
      }
    >
      <span>
        <Tool name="image" icon={<PictureOutlined />} onClick={() => undefined} />
      </span>
    </Popover>
  );
}
