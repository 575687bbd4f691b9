# Developer tasks; each is also an npm script, so nothing here needs make.
.PHONY: install proto dev start cluster test e2e bench chart lint typecheck image image-test

install:
	npm install

proto:            ## regenerate proto/gen from proto/ (buf lint + generate)
	npm run proto

dev:              ## backend on :3000 with restarts + Vite dev server with the API proxied
	npm run dev

start:            ## the whole product in one process on embedded defaults
	npm start

cluster:          ## every service in its own process on the machine's PostgreSQL, NATS, Redis
	npm run cluster

test:
	npm test

e2e:
	npm run test:e2e

bench:
	npm run bench

chart:            ## validate and render the Helm chart offline
	npm run chart:check

lint:
	npm run lint

typecheck:
	npm run typecheck

image:            ## the production image with buildah (as root), from a debootstrapped Debian
	npm run image

image-test:       ## build the image, start it and drive one listing to a match through it
	npm run image:test
