// Inlined into the head of the pages for signed-in visitors only (/visa-form) by
// src/integrations/inline-scripts.ts: runs before anything paints.
import { sendToLoginWithoutSession } from '../login-redirect.ts';

sendToLoginWithoutSession();
