# Runs one browser test of `seireigi serve`: installs puppeteer-core (npm ci, from
# package-lock.json) into the build tree on first use or when the lock file changes, copies the
# test scripts beside it (node finds packages next to the script) and runs SCRIPT with node.
# Arguments: -DCLI=seireigi -DNODE=node -DNPM=npm -DCHROMIUM=path -DSOURCE=tests/web
#            -DWORK=build dir -DSCRIPT=name.js
if(NOT CHROMIUM)
  message(FATAL_ERROR "Chromium is not installed: apt-get install -y chromium (see README.md)")
endif()
file(MAKE_DIRECTORY "${WORK}")
file(SHA256 "${SOURCE}/package-lock.json" lock_hash)
set(stamp "${WORK}/node_modules/.installed-${lock_hash}")
if(NOT EXISTS "${stamp}")
  configure_file("${SOURCE}/package.json" "${WORK}/package.json" COPYONLY)
  configure_file("${SOURCE}/package-lock.json" "${WORK}/package-lock.json" COPYONLY)
  execute_process(COMMAND "${NPM}" ci --no-audit --no-fund WORKING_DIRECTORY "${WORK}"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "npm ci failed in ${WORK}: ${out}${err}")
  endif()
  file(TOUCH "${stamp}")
endif()
file(GLOB scripts "${SOURCE}/*.js")
foreach(s ${scripts})
  configure_file("${s}" "${WORK}/" COPYONLY)
endforeach()
execute_process(COMMAND "${NODE}" "${WORK}/${SCRIPT}" --cli "${CLI}" --chromium "${CHROMIUM}"
                        --artefacts "${WORK}/artefacts"
                WORKING_DIRECTORY "${WORK}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${SCRIPT} failed")
endif()
