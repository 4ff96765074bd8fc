// The password of the administrators the test harness creates, and its hash, made once per
// run by global-setup.ts with the real hashPassword (argon2id, about 0.1 s of CPU a hash,
// which every signIn paid before) and handed to the test files (harness.ts).
import { hashPassword } from '../lib/passwords.ts';

/** Password of the administrators the harness creates. */
export const TEST_PASSWORD = 'quiet-harbour-lantern-42';

/** TEST_PASSWORD's argon2id hash; a fresh salt each call, like any stored password. */
export const hashTestPassword = () => hashPassword(TEST_PASSWORD);
