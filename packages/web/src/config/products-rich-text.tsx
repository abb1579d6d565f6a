/**
 * The product description's rich-text editor: Lexical (docs/backoffice.md, "The description editor"),
 * loaded only when the product editor opens (React.lazy), so no other screen carries it. A labelled
 * multi-line text box with a toolbar of toggle buttons; the browser's own keys work (Ctrl+B, Ctrl+I,
 * Ctrl+Z) and Tab leaves the text, so a keyboard user is never trapped inside.
 */
import { useEffect, useRef, useState } from 'react';
import {
  $createParagraphNode,
  $getRoot,
  $getSelection,
  $isRangeSelection,
  $isElementNode,
  COMMAND_PRIORITY_LOW,
  FORMAT_TEXT_COMMAND,
  SELECTION_CHANGE_COMMAND,
  createEditor,
  type ElementNode,
  type LexicalEditor,
} from 'lexical';
import {
  $createHeadingNode,
  $isHeadingNode,
  HeadingNode,
  QuoteNode,
  registerRichText,
} from '@lexical/rich-text';
import {
  $isListNode,
  INSERT_ORDERED_LIST_COMMAND,
  INSERT_UNORDERED_LIST_COMMAND,
  ListItemNode,
  ListNode,
  REMOVE_LIST_COMMAND,
  registerList,
} from '@lexical/list';
import { LinkNode } from '@lexical/link';
import { createEmptyHistoryState, registerHistory } from '@lexical/history';
import { $generateHtmlFromNodes, $generateNodesFromDOM } from '@lexical/html';
import { $getNearestNodeOfType, mergeRegister } from '@lexical/utils';
import { $setBlocksType } from '@lexical/selection';

export interface RichTextProps {
  id: string;
  /** The visible label's id. */
  labelledBy: string;
  describedBy?: string;
  html: string;
  readOnly: boolean;
  onChange: (html: string) => void;
}

interface Formats {
  bold: boolean;
  italic: boolean;
  heading: boolean;
  bullet: boolean;
  number: boolean;
}
const NO_FORMATS: Formats = { bold: false, italic: false, heading: false, bullet: false, number: false };

const THEME = {
  paragraph: 'cfg-rt-p',
  text: { bold: 'cfg-rt-bold', italic: 'cfg-rt-italic' },
};

function formatsOf(): Formats {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return NO_FORMATS;
  const anchor = selection.anchor.getNode();
  const block = anchor.getKey() === 'root' ? anchor : anchor.getTopLevelElementOrThrow();
  const list = $getNearestNodeOfType(anchor, ListNode);
  return {
    bold: selection.hasFormat('bold'),
    italic: selection.hasFormat('italic'),
    heading: $isHeadingNode(block),
    bullet: $isListNode(list) && list.getListType() === 'bullet',
    number: $isListNode(list) && list.getListType() === 'number',
  };
}

/** Empty paragraphs only: no description. */
const isBlank = (html: string) => html.replace(/<[^>]*>/g, '').trim() === '';

export default function RichText({ id, labelledBy, describedBy, html, readOnly, onChange }: RichTextProps) {
  const root = useRef<HTMLDivElement>(null);
  const editor = useRef<LexicalEditor | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  const [formats, setFormats] = useState(NO_FORMATS);

  // The first html only: later edits come from the editor itself (a restored revision remounts it).
  const initialHtml = useRef(html);
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const instance = createEditor({
      namespace: 'product-description',
      nodes: [HeadingNode, QuoteNode, ListNode, ListItemNode, LinkNode],
      theme: THEME,
      onError: (error) => {
        throw error;
      },
    });
    instance.setRootElement(element);
    const unregister = mergeRegister(
      registerRichText(instance),
      registerList(instance),
      registerHistory(instance, createEmptyHistoryState(), 300),
      instance.registerCommand(
        SELECTION_CHANGE_COMMAND,
        () => {
          setFormats(formatsOf());
          return false;
        },
        COMMAND_PRIORITY_LOW,
      ),
      instance.registerUpdateListener(({ editorState, dirtyElements, dirtyLeaves, tags }) => {
        editorState.read(() => setFormats(formatsOf()));
        if (tags.has('initial') || (dirtyElements.size === 0 && dirtyLeaves.size === 0)) return;
        editorState.read(() => {
          const out = $generateHtmlFromNodes(instance, null);
          changed.current(isBlank(out) ? '' : out);
        });
      }),
    );
    instance.update(
      () => {
        const dom = new DOMParser().parseFromString(initialHtml.current || '<p></p>', 'text/html');
        const nodes = $generateNodesFromDOM(instance, dom);
        const rootNode = $getRoot();
        rootNode.clear();
        // Appended, not inserted at a selection: loading the text must not take the focus from the
        // field being typed in.
        let paragraph: ElementNode | null = null;
        for (const node of nodes) {
          if ($isElementNode(node) && !node.isInline()) {
            rootNode.append(node);
            paragraph = null;
          } else {
            if (!paragraph) rootNode.append((paragraph = $createParagraphNode()));
            paragraph.append(node);
          }
        }
        if (rootNode.getChildrenSize() === 0) rootNode.append($createParagraphNode());
      },
      { tag: 'initial' },
    );
    editor.current = instance;
    return () => {
      unregister();
      instance.setRootElement(null);
      editor.current = null;
    };
  }, []);

  // Lexical's core leaves the attribute to the page (its React package sets it): without it no key reaches the text.
  useEffect(() => {
    editor.current?.setEditable(!readOnly);
    root.current?.setAttribute('contenteditable', String(!readOnly));
  }, [readOnly]);

  const toggleHeading = () =>
    editor.current?.update(() => {
      const selection = $getSelection();
      if ($isRangeSelection(selection))
        $setBlocksType(selection, () =>
          formats.heading ? $createParagraphNode() : $createHeadingNode('h3'),
        );
    });

  const tools: { label: string; pressed: boolean; run: () => void }[] = [
    {
      label: 'Bold',
      pressed: formats.bold,
      run: () => editor.current?.dispatchCommand(FORMAT_TEXT_COMMAND, 'bold'),
    },
    {
      label: 'Italic',
      pressed: formats.italic,
      run: () => editor.current?.dispatchCommand(FORMAT_TEXT_COMMAND, 'italic'),
    },
    { label: 'Heading', pressed: formats.heading, run: toggleHeading },
    {
      label: 'Bulleted list',
      pressed: formats.bullet,
      run: () =>
        editor.current?.dispatchCommand(
          formats.bullet ? REMOVE_LIST_COMMAND : INSERT_UNORDERED_LIST_COMMAND,
          undefined,
        ),
    },
    {
      label: 'Numbered list',
      pressed: formats.number,
      run: () =>
        editor.current?.dispatchCommand(
          formats.number ? REMOVE_LIST_COMMAND : INSERT_ORDERED_LIST_COMMAND,
          undefined,
        ),
    },
  ];

  return (
    <div className="cfg-rt">
      {!readOnly && (
        <div role="toolbar" aria-label="Description formatting" aria-controls={id} className="cfg-rt-tools">
          {tools.map((tool) => (
            <button
              key={tool.label}
              type="button"
              className="cfg-button-secondary"
              aria-pressed={tool.pressed}
              // The text keeps its selection: the button acts on it.
              onMouseDown={(event) => event.preventDefault()}
              onClick={tool.run}
            >
              {tool.label}
            </button>
          ))}
        </div>
      )}
      <div
        ref={root}
        id={id}
        className="cfg-rt-text"
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        aria-readonly={readOnly || undefined}
      />
    </div>
  );
}
