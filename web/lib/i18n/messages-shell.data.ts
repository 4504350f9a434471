// A data module (scripts/vite-data-modules.ts): the few messages the site's frame shows, as JSON.
import { shellMessages } from "./messagesIn.ts";

export const SHELL_MESSAGES = shellMessages();
