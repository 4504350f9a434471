/**
 * The bare bust for a sex, built once per page load and shared by every preview. Building takes a
 * good part of a second, so it waits until the page has painted (the preview shows its scene first).
 */
import { useEffect, useState } from "react";
import { type AvatarMesh, buildAvatar } from "../../../shared/avatar/index.ts";

const cache = new Map<1 | 2, AvatarMesh>();

export function usePlanAvatar(sex: 1 | 2): AvatarMesh | null {
  const [mesh, setMesh] = useState<AvatarMesh | null>(() => cache.get(sex) ?? null);
  useEffect(() => {
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
