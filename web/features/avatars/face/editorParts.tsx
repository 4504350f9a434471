/** Small pieces of the face editor: its loading state, the way out, and the undo keys. */
import { useCallback, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { useAvatarPaths } from "../../../lib/variant.ts";

export function FaceLoading({ label }: { label: string }) {
  return (
    <div className="face-loading" role="status" aria-busy="true">
      <span className="face-loading__ring" aria-hidden="true" />
      {label}
    </div>
  );
}

/** Leaving the editor: back to the avatar list it was opened from (the site's, or the short-video frame's). */
export function useLeaveEditor() {
  const navigate = useNavigate();
  const { list } = useAvatarPaths();
  return useCallback(() => navigate(list), [navigate, list]);
}

/** Ctrl+Z undoes, Ctrl+Shift+Z (or Ctrl+Y) redoes, outside text fields. */
export function useUndoKeys(undo: () => void, redo: () => void) {
  const [handlers] = useState(() => ({ undo, redo }));
  handlers.undo = undo;
  handlers.redo = redo;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey)) return;
      const target = e.target as HTMLElement | null;
      if (
        target?.tagName === "TEXTAREA" ||
        (target?.tagName === "INPUT" && (target as HTMLInputElement).type === "text")
      )
        return;
      const key = e.key.toLowerCase();
      if (key === "z" && !e.shiftKey) handlers.undo();
      else if ((key === "z" && e.shiftKey) || key === "y") handlers.redo();
      else return;
      e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [handlers]);
}
