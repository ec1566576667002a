# The container image of standin (issue 38): the single-file binary (`npm run build:binary` makes ./standin, which
# this build copies from its context) on a slim Debian, run as a user that is not root under tini, serving on
# 0.0.0.0:4010 with its world kept in /data. Bound beyond loopback, it needs a control token (G13): give
# STANDIN_CONTROL_TOKEN, or it refuses to start in one line saying so. docs/deploy.md is the user's page;
# .ci/image-check builds this file on a base debootstrapped from Debian's packages and runs it.
#
#   npm run build:binary && docker build -t standin .
#   docker run -p 4010:4010 -e STANDIN_CONTROL_TOKEN=… -v standin-data:/data standin

# The base of both stages: Debian's own slim image by default; .ci/image-check passes one made with debootstrap,
# since no image registry is reachable from CI.
ARG BASE=debian:bookworm-slim

# tini from Debian's package, its static build, so that the final stage needs no apt run of its own.
FROM ${BASE} AS init
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends tini

FROM ${BASE}
COPY --from=init /usr/bin/tini-static /usr/bin/tini
# Node 26's executable, and so the binary, links libatomic, which the slim base lacks.
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libatomic1 \
  && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin /var/log/apt /var/log/dpkg.log
# A user of its own, not root: its uid fixed so that a volume's owner can be set from outside (chown 10001).
RUN groupadd --system --gid 10001 standin \
  && useradd --system --uid 10001 --gid standin --home-dir /data --no-create-home --shell /usr/sbin/nologin standin \
  && mkdir /data && chown standin:standin /data
COPY --chmod=0755 standin /usr/local/bin/standin
COPY --chmod=0755 .ci/image-health /usr/local/bin/standin-health
# Every serve option that matters in a deployment is a STANDIN_* variable (standin serve --help): STANDIN_SEED,
# STANDIN_SIZE, STANDIN_NOW, STANDIN_CONTROL_TOKEN, STANDIN_ANY_TOKEN, STANDIN_APP_URL, STANDIN_ALLOWED_HOSTS.
# These three are the container's own: reached from outside it, on the port it exposes, its world on the volume.
ENV STANDIN_HOST=0.0.0.0 \
  STANDIN_PORT=4010 \
  STANDIN_STATE=/data/standin-state.json
USER standin:standin
WORKDIR /data
VOLUME /data
EXPOSE 4010
# GET / from inside: the dashboard's page, public (no token) and small (7.7 KB); bash's /dev/tcp, as the
# slim base has neither curl nor wget.
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 CMD ["/usr/local/bin/standin-health"]
# tini as PID 1: it hands SIGTERM to standin (which a PID 1 without a handler would ignore) and reaps children.
ENTRYPOINT ["/usr/bin/tini", "--", "/usr/local/bin/standin"]
CMD ["serve"]
