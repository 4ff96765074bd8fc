// CDK entry point (cdk.json "app"): parse config once, build the stack, let cdk-nag check it.
import { App } from 'aws-cdk-lib';
import { loadConfig } from './config.ts';
import { addWebApp } from './web-app.ts';

const app = new App();
addWebApp(app, loadConfig(app));
app.synth();
