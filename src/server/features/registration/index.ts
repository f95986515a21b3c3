// Sign-up: new organizations and joining an existing one.

export { shortnameAvailable } from './service';
