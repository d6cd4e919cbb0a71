import { useEffect, useState } from 'react';
import { Input } from 'antd';

/** A text input that writes on blur / Enter (one undo step per edit, not per key). */
export function CommitInput({
  value,
  onCommit,
  testId,
  textarea,
  placeholder,
  status,
}: {
  value: string;
  onCommit: (v: string) => void;
  testId: string;
  textarea?: boolean;
  placeholder?: string;
  status?: 'error';
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const commit = () => {
    if (text !== value) onCommit(text);
  };
  return textarea ? (
    <Input.TextArea
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      autoSize={{ minRows: 2, maxRows: 6 }}
      data-testid={testId}
      placeholder={placeholder}
      status={status}
    />
  ) : (
    <Input
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onPressEnter={commit}
      data-testid={testId}
      placeholder={placeholder}
      status={status}
    />
  );
}
