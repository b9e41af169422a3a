/** Every endpoint's handler; the Handlers type makes a missing one a compile error. */
import type { Handlers } from '../http/handlers.js';
import type { Services } from '../services/index.js';
import { accountRoutes } from './account.js';
import { callRoutes } from './calls.js';
import { consoleRoutes } from './console.js';
import { contactRoutes } from './contacts.js';
import { discoverRoutes } from './discover.js';
import { favouriteRoutes } from './favourites.js';
import { searchRoutes } from './search.js';
import { chatDetailsRoutes } from './chat-details.js';
import { deviceRoutes } from './devices.js';
import { fileRoutes } from './file.js';
import { groupCallRoutes } from './group-calls.js';
import { groupRoutes } from './groups.js';
import { messageRoutes } from './message.js';
import { passwordRoutes } from './password.js';
import { pushRoutes } from './push.js';
import { systemRoutes } from './system.js';
import { userRoutes } from './user.js';

export const buildHandlers = (services: Services): Handlers => ({
  ...accountRoutes(services),
  ...userRoutes(services),
  ...contactRoutes(services),
  ...fileRoutes(services),
  ...messageRoutes(services),
  ...systemRoutes(services),
  ...groupRoutes(services),
  ...callRoutes(services),
  ...groupCallRoutes(services),
  ...favouriteRoutes(services),
  ...searchRoutes(services),
  ...deviceRoutes(services),
  ...consoleRoutes(services),
  ...discoverRoutes(services),
  ...pushRoutes(services),
  ...passwordRoutes(services),
  ...chatDetailsRoutes(services),
});
