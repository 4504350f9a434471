import type { FileData } from "../../../shared/schemas/files.ts";
import { BizError } from "../../errors.ts";
import { inspectImage, withoutMetadata } from "../../images.ts";
import type { Deps } from "../../types.ts";

export const THUMB_SIZE = 256;

type FileRow = NonNullable<Awaited<ReturnType<Deps["db"]["storedFile"]["findFirst"]>>>;

export const mediaUrl = (key: string) => `/media/${key}`;

export function toFileData(row: FileRow): FileData {
  return {
    id: row.id,
    name: row.name,
    mime: row.mime,
    size: row.size,
    width: row.width,
    height: row.height,
    url: mediaUrl(row.key),
    thumbnailUrl: row.thumbKey ? mediaUrl(row.thumbKey) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every query here is scoped to its owner: another user's id is simply not found. */
export function createFileService({ db, storage, jobs }: Pick<Deps, "db" | "storage" | "jobs">) {
  async function ownFile(userId: string, id: string) {
    const row = await db.storedFile.findFirst({ where: { id, userId } });
    if (!row) throw new BizError("NOT_FOUND");
    return row;
  }

  return {
    ownFile,

    async upload(userId: string, original: Buffer, filename: string): Promise<FileData> {
      const image = await inspectImage(original);
      // kept and served at a public capability URL: upright, with no EXIF (GPS), XMP or comments
      const bytes = await withoutMetadata(original, image.format);
      const key = await storage.put(bytes, image.format === "jpeg" ? "jpg" : "png");
      const name = (filename || "image").slice(0, 120);
      let row: FileRow;
      try {
        row = await db.storedFile.create({
          data: { userId, name, mime: image.mime, size: bytes.length, width: image.width, height: image.height, key },
        });
      } catch (error) {
        await storage.remove(key);
        throw error;
      }
      try {
        await jobs.run("thumbnail", { fileId: row.id, size: THUMB_SIZE }, { jobId: `thumb-${row.id}` });
      } catch (error) {
        // Nothing half-written: without its thumbnail the upload is undone.
        await db.storedFile.delete({ where: { id: row.id } });
        await storage.remove(key);
        throw error;
      }
      return toFileData(await ownFile(userId, row.id));
    },

    /**
     * At boot: rows whose thumbnail job never ran (a crash between the row and its in-process job)
     * get it now. The job's id is the upload's, so a job still queued or running is not doubled.
     */
    async repairThumbnails(): Promise<number> {
      const rows = await db.storedFile.findMany({ where: { thumbKey: null }, select: { id: true } });
      for (const row of rows)
        await jobs.run("thumbnail", { fileId: row.id, size: THUMB_SIZE }, { jobId: `thumb-${row.id}` }).catch(() => {
          // logged by the runner; the row keeps no thumbnail, as before
        });
      return rows.length;
    },

    async list(userId: string, page: number, limit: number) {
      const [rows, total] = await Promise.all([
        db.storedFile.findMany({
          where: { userId },
          orderBy: { createdAt: "desc" },
          skip: (page - 1) * limit,
          take: limit,
        }),
        db.storedFile.count({ where: { userId } }),
      ]);
      return { records: rows.map(toFileData), total };
    },

    async remove(userId: string, id: string) {
      const row = await ownFile(userId, id);
      await db.storedFile.delete({ where: { id: row.id } });
      await storage.remove(row.key);
      if (row.thumbKey) await storage.remove(row.thumbKey);
    },
  };
}
