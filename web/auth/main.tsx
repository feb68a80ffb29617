// First: see [Note: Zod parses without eval].
import "../../shared/api/zod-jitless";
import { startApp } from "../common/app/start-app";
import { authApp } from "./app-definition";

startApp(authApp);
