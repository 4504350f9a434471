import type { QueueName } from "../../shared/queues.ts";
import { avatarThumbnail } from "./avatar-thumbnail.ts";
import { photoClone } from "./photo-clone.ts";
import { thumbnail } from "./thumbnail.ts";
import { toonify } from "./toonify.ts";
import type { Processor } from "./types.ts";

/** Every queue's processor: the BullMQ worker and the in-process runner both use this map. */
export const processors: { [Q in QueueName]: Processor<Q> } = {
  thumbnail,
  avatarThumbnail,
  photoClone,
  toonify,
};
