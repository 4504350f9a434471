import { useEffect, useState } from "react";
import { type AvatarMesh, buildAvatar } from "../../shared/avatar/index.ts";

const cache = new Map<1 | 2, AvatarMesh>();

/**
 * The bare bust for a sex, built once per page load and shared by the face editor, the creator and
 * the plan preview (none of them changes it). Building takes most of a second, so it runs after the
 * page has painted its loading state rather than during render.
 */
export function useAvatarMesh(sex: 1 | 2 | null): AvatarMesh | null {
  const [mesh, setMesh] = useState<AvatarMesh | null>(() => (sex ? (cache.get(sex) ?? null) : null));
  useEffect(() => {
    if (!sex) return;
    const cached = cache.get(sex);
    if (cached) return setMesh(cached);
    setMesh(null);
    const timer = setTimeout(() => {
      const built = buildAvatar({ sex });
      cache.set(sex, built);
      setMesh(built);
    }, 30);
    return () => clearTimeout(timer);
  }, [sex]);
  return mesh;
}
